extension UIApplication {
    /// The app's state (seed 003: Not Running and Suspended have no live object to ask).
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active
        /// In the foreground, not receiving events: launching, or about to leave.
        case inactive
        /// In the background: no frames are drawn.
        case background
    }
}
