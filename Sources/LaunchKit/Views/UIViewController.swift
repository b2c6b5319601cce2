/// Manages a view tree, loading its view the first time it is needed, as in UIKit.
///
/// ```swift
/// class ViewController: UIViewController {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         self.view.backgroundColor = .red
///     }
/// }
/// ```
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The view tree a storyboard declared for this controller; `loadView()` builds it.
    var storyboardView: StoryboardView?

    /// A title for the controller.
    open var title: String?

    /// Creates a view controller; its view is loaded later, when first used.
    public required init() {
        super.init()
    }

    /// The controller's root view, loaded (``loadView()``, then ``viewDidLoad()``) the
    /// first time it is read.
    open var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    /// Loads the view now if it has not been loaded.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Creates the view: from the storyboard's view tree when the controller came from a
    /// storyboard, otherwise a plain view the size of the screen. Override to build your own
    /// and assign it to ``view``, without calling `super`.
    open func loadView() {
        if let storyboardView {
            view = storyboardView.instantiate(isRoot: true)
        } else {
            view = UIView(frame: UIScreen.main.bounds)
        }
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    /// Called before the view is added to a window.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called after the frame showing the view is committed.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view is removed from a window.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the view was removed from a window.
    open func viewDidDisappear(_ animated: Bool) {}
}
