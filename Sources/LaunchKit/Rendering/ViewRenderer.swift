/// Draws a view tree into a framebuffer: each visible view's background colour over its
/// frame, clipped to its superview, with opacity multiplied down the tree.
enum ViewRenderer {
    /// Renders `root` (its frame origin taken as the framebuffer's origin) into `frame`.
    /// The root itself is drawn even when hidden (a window being committed); hidden
    /// views inside it are skipped with their subviews.
    @MainActor
    static func render(_ root: UIView, into frame: inout Framebuffer) {
        let area = CGRect(
            x: 0, y: 0, width: CGFloat(frame.width) / frame.scale, height: CGFloat(frame.height) / frame.scale)
        draw(root, origin: .zero, clip: area, opacity: 1, isRoot: true, into: &frame)
    }

    @MainActor
    private static func draw(
        _ view: UIView, origin: CGPoint, clip: CGRect, opacity: CGFloat, isRoot: Bool = false,
        into frame: inout Framebuffer
    ) {
        guard isRoot || !view.isHidden, view.alpha > 0 else { return }
        let opacity = opacity * view.alpha
        let visible = CGRect(origin: origin, size: view.frame.size).intersection(clip)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        if let color = view.backgroundColor, color.alpha > 0 {
            frame.fill(visible, color: color, opacity: opacity)
        }
        let content = view.bounds.origin
        for subview in view.subviews {
            let childOrigin = CGPoint(
                x: origin.x + subview.frame.minX - content.x,
                y: origin.y + subview.frame.minY - content.y
            )
            draw(subview, origin: childOrigin, clip: visible, opacity: opacity, into: &frame)
        }
    }
}
