/// The display LaunchKit renders into: a 390 x 844 point screen at scale 2
/// (780 x 1688 pixels), the size of a current iPhone.
///
/// ```swift
/// let window = UIWindow(frame: UIScreen.main.bounds)
/// ```
public final class UIScreen: Sendable {
    /// The one screen.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 2)

    /// The screen's size in points, at the origin.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    /// The screen's size in pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }
}
