/// A progress message the app's probe sends to the runner while the launch runs, one text
/// line each over the socket named by `LAUNCHPROF_EVENT_FD`:
/// `<kind> <timeNs> <name>\n`, with `timeNs` relative to the launch start.
///
/// They let the runner say where a launch that hangs or crashes got to, and time a resume.
package struct ProbeEvent: Sendable, Equatable {
    /// What happened.
    package enum Kind: String, Sendable {
        /// A phase started; the name is the phase id.
        case phase
        /// The first frame was committed.
        case firstFrame
        /// The app became active.
        case active
        /// A named mark, e.g. a resume mark.
        case mark
        /// The launch reached its exit point (`LAUNCHPROF_EXIT_AFTER`); the name is the ending
        /// reason. Sent before the trace is written, and also when the probe records nothing, so
        /// it is the measured end of a launch with the profiler on and off alike.
        case exitPoint
        /// The trace was written; the name is the ending reason.
        case finished
        /// The preloaded tracer's constructor ran: every library is loaded and relocated
        /// (written by libLaunchPreload.so, `LP_EVENT_LOADED`).
        case loaded
        /// The program's `main` was entered (libLaunchPreload.so, `LP_EVENT_MAIN_STARTED`).
        case mainStarted
        /// The program's `main` returned or it called `exit` (libLaunchPreload.so, `LP_EVENT_MAIN_ENDED`).
        case mainEnded
        /// One line of the pre-main breakdown (libLaunchAudit.so, `LP_EVENT_PRE_MAIN`): the name
        /// is the part and its fields (``PreMainBreakdown/init(events:executable:execEndNs:)``).
        case preMain
    }

    /// What happened.
    package var kind: Kind
    /// When, in nanoseconds after the launch start.
    package var timeNs: Int64
    /// The phase, mark or reason name; empty when the kind needs none.
    package var name: String

    /// Creates an event.
    package init(kind: Kind, timeNs: Int64, name: String = "") {
        self.kind = kind
        self.timeNs = timeNs
        self.name = name
    }

    /// The wire form, one line ending in `\n`.
    package var line: String { "\(kind.rawValue) \(timeNs) \(name)\n" }

    /// Parses one line (without its newline); `nil` for a line that is not an event.
    package init?(line: Substring) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let kind = Kind(rawValue: String(parts[0])), let time = Int64(parts[1]) else {
            return nil
        }
        self.init(kind: kind, timeNs: time, name: parts.count > 2 ? String(parts[2]) : "")
    }
}
