/// The environment variables `launchprof` itself reads (never passed on to an app): the
/// tool's side of the `LAUNCHPROF_*` names, next to the app's in ``ProfilerEnvironment/Variable``.
///
/// ```swift
/// let url = ProcessInfo.processInfo.environment[ToolVariable.history.rawValue]
/// ```
package enum ToolVariable: String, Sendable, CaseIterable {
    /// Where `launchprof run` records runs and `launchprof history` reads them: a
    /// `postgres://` URL or a SQLite file path (overridden by `--history`).
    case history = "LAUNCHPROF_HISTORY"
    /// The program that turns addresses into file and line (`llvm-symbolizer`, or `addr2line`
    /// when its file name says so) instead of the one found on this machine. When it fails or
    /// is stopped at its timeout, the reports say so.
    case symbolizer = "LAUNCHPROF_SYMBOLIZER"
    /// Set by launchprof in each profiled and pre-main launch's environment, never read by the
    /// app: `<pid>:<start time>` of the launchprof that started it, so that a later launchprof
    /// can end what one killed with SIGKILL left running (a `setsid` daemon).
    case owner = "LAUNCHPROF_OWNER"

    /// `NAME=VALUE`, as an environment entry.
    package func assignment(_ value: String) -> String { rawValue + "=" + value }

    /// The variable's value in `environment`, `nil` when unset or empty.
    package func value(in environment: [String: String]) -> String? {
        guard let value = environment[rawValue], !value.isEmpty else { return nil }
        return value
    }
}
