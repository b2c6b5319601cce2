import LaunchTrace

/// What the display showed of one launch, as CLOCK_MONOTONIC readings taken when the runner read
/// each of the display server's events (nil until seen).
struct DisplayMilestones: Sendable, Equatable {
    /// The program (or a descendant) created its first top-level window (X11), or first connected
    /// to the compositor (Wayland).
    var startedNs: Int64?
    /// Its first top-level window was shown: mapped (X11), configured as a toplevel (Wayland).
    var windowNs: Int64?
    /// The display had the first content of that window: its first picture, two colours of its
    /// own (X11), the compositor's frame callback, presentation or release of the first buffer
    /// committed to it (Wayland).
    var frameNs: Int64?
    /// The process that made that window (X11's X-Resource), when known.
    var windowPid: Int32?

    /// The time `condition` was met, if it was.
    func time(of condition: ReadyCondition) -> Int64? {
        switch condition {
        case .window: windowNs
        case .frame: frameNs
        default: nil
        }
    }
}
