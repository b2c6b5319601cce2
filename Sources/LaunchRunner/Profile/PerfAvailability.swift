import CLaunchRunner
import Foundation

/// Whether this machine lets the runner open perf events on its children, and if not, why.
enum PerfAvailability {
    /// `nil` when perf events can be used; otherwise a whole sentence saying why not.
    static let unavailableReason: String? = reason(forErrno: lp_perf_probe())

    /// The sentence for a failed `perf_event_open`.
    static func reason(forErrno code: Int32, step: String = "perf_event_open") -> String? {
        guard code != 0 else { return nil }
        let paranoid =
            (try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unreadable"
        let error = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM:
            return
                "perf events are not permitted here (\(step): \(error); kernel.perf_event_paranoid is \(paranoid), or a seccomp profile forbids perf_event_open)."
        case ENOSYS, ENOENT, EOPNOTSUPP:
            return "this kernel has no perf events (\(step): \(error))."
        default:
            return "perf events could not be opened (\(step): \(error))."
        }
    }
}
