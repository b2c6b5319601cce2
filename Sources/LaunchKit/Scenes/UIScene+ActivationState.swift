extension UIScene {
    /// A scene's state, with UIKit's raw values.
    public enum ActivationState: Int, Sendable {
        /// Not connected yet (or disconnected).
        case unattached = -1
        /// In the foreground, receiving events.
        case foregroundActive = 0
        /// In the foreground, not receiving events: connecting, or about to leave.
        case foregroundInactive = 1
        /// In the background: no frames are drawn.
        case background = 2
    }
}
