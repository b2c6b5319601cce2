import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// Watches one launch for its readiness condition while the runner waits on it: the output
/// pipe (`stdout:`/`stderr:`), the notify socket (`notify`), or a poll of `/proc` or the file
/// system every millisecond (`port:`, `file:`). Nothing is sent to the program.
final class ReadinessWatcher {
    /// The condition watched.
    let condition: ReadyCondition
    /// When the condition was met (CLOCK_MONOTONIC), once it was.
    private(set) var readyAtNs: Int64?
    /// Where the program's standard output and error go.
    let stdoutPath: String
    let stderrPath: String
    /// Variables the program needs (`NOTIFY_SOCKET`).
    let environment: [String: String]
    /// The interval of the polled conditions, in milliseconds.
    static let pollIntervalMs: Int32 = 1

    private var output: OutputLines?
    private var notify: NotifySocket?
    private var pipeWriteEnd: Int32 = -1
    private var readyFile: String?
    /// The display's observer, for `window` and `frame`.
    private var display: DisplayObserver?

    /// What the display showed of the launch, for `window` and `frame`.
    var displayMilestones: DisplayMilestones? { display?.milestones }

    /// The title of the window the launch's milestones are of, when a title pattern chose it.
    var windowTitle: String? { display?.windowTitle }

    /// The first frame's picture as a PNG file's bytes, once seen (``DisplayObserver/framePicture()``).
    var framePicture: [UInt8]? { display?.framePicture() }

    /// Prepares the watch: a pipe for an output condition (the error stream still reaches
    /// `stderrFile`), a bound socket for `notify`, the display's observer for `window` and `frame`;
    /// the path of `file:` must not exist (``ReadyFile``), and what the program creates there is
    /// removed when the watch ends.
    /// With `framePictures`, a `frame` condition's first frame is kept as a picture.
    init(
        condition: ReadyCondition, stderrFile: String, display: DisplayAddress? = nil, framePictures: Bool = false
    ) throws(LaunchProfilerError) {
        self.condition = condition
        var stdoutPath = "/dev/null"
        var stderrPath = stderrFile
        var environment: [String: String] = [:]
        switch condition {
        case .stdout(let pattern), .stderr(let pattern):
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                throw LaunchProfilerError.eventSocketFailed(reason: String(cString: strerror(errno)))
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            let isStdout = { if case .stdout = condition { return true } else { return false } }()
            output = OutputLines(fd: ends[0], pattern: pattern, copyTo: isStdout ? nil : stderrFile)
            pipeWriteEnd = ends[1]
            // The child opens the pipe again through its own descriptor table before exec.
            if isStdout { stdoutPath = "/proc/self/fd/\(ends[1])" } else { stderrPath = "/proc/self/fd/\(ends[1])" }
        case .notify:
            let socket = try NotifySocket()
            notify = socket
            environment[ReadyCondition.notifySocketVariable] = socket.path
        case .file(let path):
            try ReadyFile.checkAbsent(path)
            readyFile = path
        case .window, .frame:
            guard let display else {
                throw LaunchProfilerError.displayNotObservable("no display was opened for the launch.")
            }
            let observer = try DisplayObserver(
                address: display, frames: condition.isFrame, pictures: framePictures && condition.isFrame,
                title: condition.windowTitle)
            self.display = observer
            environment.merge(observer.environment) { _, proxy in proxy }
        case .exit, .port:
            break
        }
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
        self.environment = environment
    }

    deinit {
        closeAppEnds()
        if let readyFile { ReadyFile.removeCreated(readyFile) }
    }

    /// The descriptors to wait on (the pipe until its end, the notify socket).
    var descriptors: [Int32] {
        let pipe = output?.isClosed == false ? output?.fd : nil
        return [pipe, notify?.fd, display?.fd].compactMap { $0 }.filter { $0 >= 0 }
    }

    /// Just before the launch starts: a display launchprof started is cleared of windows left
    /// by an earlier launch, and nothing the observer saw before counts. `older` are launchprof's
    /// children before the launch (``DisplayObserver/begin(older:)``).
    func prepareToStart(older: Set<pid_t>) {
        display?.begin(older: older)
    }

    /// Whether the condition is still unmet and can be met by processes other than the one
    /// launched (a launcher's orphans): not `exit`, which is the launched process's own.
    var awaitsFollowedProcesses: Bool {
        readyAtNs == nil && condition != .exit
    }

    /// How long the runner may sleep before checking again, or nil when only descriptors wake it.
    var pollIntervalMs: Int32? {
        switch condition {
        case .port, .file: readyAtNs == nil ? Self.pollIntervalMs : nil
        default: nil
        }
    }

    /// Closes the runner's copy of the program's end of the pipe, once the program holds it.
    func closeAppEnds() {
        if pipeWriteEnd >= 0 { close(pipeWriteEnd) }
        pipeWriteEnd = -1
    }

    /// Reads what arrived and checks the condition; true once it is met. Reading and matching
    /// the output give up once `deadlineNs` (CLOCK_MONOTONIC) passes or the run is interrupted.
    func service(pid: pid_t, pidfd: Int32, deadlineNs: Int64? = nil) -> Bool {
        let shouldStop = { RunInterruption.signal != nil || deadlineNs.map { lp_monotonic_ns() >= $0 } == true }
        let lineSeen = output?.readAvailable(shouldStop: shouldStop) ?? false
        let notified = notify?.readAvailable() ?? false
        guard readyAtNs == nil else { return true }
        if let display {
            // The time the display showed it, read as the server's event arrived.
            display.service(pid: pid)
            readyAtNs = display.milestones.time(of: condition)
            return readyAtNs != nil
        }
        let met: Bool
        switch condition {
        case .stdout, .stderr: met = lineSeen
        case .notify: met = notified
        case .file(let path): met = access(path, F_OK) == 0
        case .port(let port): met = ListeningSockets.isListening(pid: pid, pidfd: pidfd, port: port)
        case .exit, .window, .frame: met = false
        }
        if met { readyAtNs = lp_monotonic_ns() }
        return met
    }

    /// For a `frame` condition not met, what the display showed: "; it showed a window but drew
    /// nothing into it", "; it showed no window"; empty otherwise.
    var displayProgress: String {
        guard condition.isFrame, readyAtNs == nil, let display else { return "" }
        if display.milestones.windowNs != nil { return "; it showed a window but drew nothing into it" }
        guard display.milestones.startedNs != nil else { return "; it showed no window" }
        return display.address.server == .x11
            ? "; it created a window but never showed it" : "; it connected to the display but showed no window"
    }

    /// The end of the program's standard output, when the runner read it.
    var stdoutTail: String? {
        if case .stdout = condition { return output?.tail } else { return nil }
    }
}
