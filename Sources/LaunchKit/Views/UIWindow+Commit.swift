extension UIWindow {
    /// Commits one frame of this window: installs the root view controller's view (loading
    /// it if needed, then `viewWillAppear`), lays out the tree, renders it into a new
    /// framebuffer, and calls `viewDidAppear` for a view that just appeared.
    func commit() {
        isCommitting = true
        var appeared: UIViewController?
        if let controller = rootViewController {
            let rootView: UIView = controller.view
            if rootView.superview !== self {
                rootView.frame = bounds
                addSubview(rootView)
                controller.viewWillAppear(false)
                appeared = controller
            }
        }
        layoutIfNeeded()
        var frame = Framebuffer(
            width: Int((bounds.width * UIScreen.main.scale).rounded()),
            height: Int((bounds.height * UIScreen.main.scale).rounded()),
            scale: UIScreen.main.scale
        )
        ViewRenderer.render(self, into: &frame)
        lastCommittedFrame = frame
        committedFrameCount += 1
        needsCommit = false
        isCommitting = false
        appeared?.viewDidAppear(false)
    }
}
