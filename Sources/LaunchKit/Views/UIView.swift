/// A rectangle of the user interface with a background colour and subviews, as in UIKit.
///
/// LaunchKit draws each view as its background colour filled over its frame, clipped to
/// its superview (as if `clipsToBounds` were always on), skipping hidden views and
/// multiplying `alpha` down the tree.
///
/// ```swift
/// let card = UIView(frame: CGRect(x: 16, y: 100, width: 358, height: 120))
/// card.backgroundColor = .white
/// view.addSubview(card)
/// ```
@MainActor
open class UIView: UIResponder {
    /// The view's rectangle in its superview's coordinates.
    open var frame: CGRect {
        didSet {
            if oldValue.size != frame.size { needsLayout = true }
            if oldValue != frame { setNeedsDisplay() }
        }
    }

    /// The view's own coordinate space: its size, and the origin its subviews are drawn
    /// relative to (a non-zero origin scrolls the content).
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
            setNeedsDisplay()
        }
    }

    /// The fill colour, or `nil` for none (the view itself draws nothing).
    open var backgroundColor: UIColor? {
        didSet { if oldValue != backgroundColor { setNeedsDisplay() } }
    }

    /// Whether the view and its subviews are left out of the frame.
    open var isHidden: Bool = false {
        didSet { if oldValue != isHidden { setNeedsDisplay() } }
    }

    /// Opacity, 0...1, multiplied into every subview's.
    open var alpha: CGFloat = 1 {
        didSet { if oldValue != alpha { setNeedsDisplay() } }
    }

    /// An integer the app can use to find the view (``viewWithTag(_:)``).
    open var tag: Int = 0

    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []

    /// The view this view is a subview of.
    public private(set) weak var superview: UIView?

    /// Whether `layoutSubviews()` runs in the next layout pass.
    var needsLayout = true
    private var boundsOrigin: CGPoint = .zero

    /// Creates a view with the given frame.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Creates a view with an empty frame.
    public required convenience init() {
        self.init(frame: .zero)
    }

    /// The window the view is in, if any.
    public var window: UIWindow? {
        var current: UIView? = self
        while let view = current {
            if let window = view as? UIWindow { return window }
            current = view.superview
        }
        return nil
    }

    /// The superview, as the next responder.
    open override var next: UIResponder? { superview }

    // MARK: Hierarchy

    /// Adds `view` in front of the other subviews, removing it from its old superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in the subviews (0 is the back), removing it from its
    /// old superview first.
    open func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "A view cannot be added as a subview of itself.")
        if view.superview != nil { view.removeFromSuperview() }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsLayout()
    }

    /// Removes the view from its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    /// Moves `view` to the front of the subviews.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.remove(at: index)
        subviews.append(view)
        setNeedsDisplay()
    }

    /// Whether the view is `view` or inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view in this subtree (depth first, this view included) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Layout and display

    /// Lays out the subviews. The default does nothing; override to position subviews.
    open func layoutSubviews() {}

    /// Marks the view for layout in the next frame.
    open func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Runs the pending layout of this view and its subviews now.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Marks the view's window for a new frame at the end of this run-loop turn.
    open func setNeedsDisplay() {
        window?.setNeedsCommit()
    }
}
