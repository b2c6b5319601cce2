/// One view of a storyboard's view tree, with its class already resolved.
struct StoryboardView {
    /// The class to create (`UIView` or a subclass).
    var viewClass: UIView.Type
    /// The frame; `nil` means the window's bounds for the root view, zero otherwise.
    var frame: CGRect?
    /// The background colour, if any.
    var backgroundColor: UIColor?
    /// Whether the view starts hidden.
    var isHidden: Bool = false
    /// The view's opacity.
    var alpha: CGFloat = 1
    /// The view's tag.
    var tag: Int = 0
    /// The subviews, back to front.
    var subviews: [StoryboardView] = []

    /// Creates the view tree.
    @MainActor
    func instantiate(isRoot: Bool) -> UIView {
        let view = viewClass.init()
        view.frame = frame ?? (isRoot ? UIScreen.main.bounds : .zero)
        view.backgroundColor = backgroundColor
        view.isHidden = isHidden
        view.alpha = alpha
        view.tag = tag
        for subview in subviews {
            view.addSubview(subview.instantiate(isRoot: false))
        }
        return view
    }

    /// The number of views in this tree.
    var count: Int { 1 + subviews.reduce(0) { $0 + $1.count } }
}
