import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
import Glibc
#endif

/// Launches an app once under the profiler and reports what happened, whatever happened:
/// a crash, a hang (killed at the timeout), a missing or unreadable trace are all results,
/// never lost.
///
/// ```swift
/// let result = AppLauncher().launch(request)
/// print(result.record.outcome, result.trace?.totals.timeToFirstFrameNs ?? 0)
/// ```
public struct AppLauncher: Sendable {
    /// How long the app stays in the background in the `resume` scenario before SIGUSR2.
    public var backgroundDwellSeconds: Double

    /// Creates a launcher.
    public init(backgroundDwellSeconds: Double = 0.1) {
        self.backgroundDwellSeconds = backgroundDwellSeconds
    }

    /// Performs one launch.
    public func launch(_ request: LaunchRequest) -> LaunchResult {
        guard access(request.executable, X_OK) == 0 else {
            let record = LaunchRecord(
                index: request.index, scenario: request.scenario, outcome: .spawnFailed, wallNs: 0,
                message: LaunchProfilerError.notExecutable(path: request.executable).description
            )
            return LaunchResult(record: record, trace: nil, events: [])
        }
        try? FileManager.default.removeItem(at: request.traceURL)

        var sockets: [Int32] = [-1, -1]
        let socketStatus = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets)
        let runnerEnd = socketStatus == 0 ? sockets[0] : -1
        let appEnd = socketStatus == 0 ? sockets[1] : -1
        if appEnd >= 0 { _ = fcntl(appEnd, F_SETFD, 0) }
        defer { if runnerEnd >= 0 { close(runnerEnd) } }

        // The stall socket: the app's watchdog says when a stall starts and ends; the runner
        // samples the main thread with ptrace in between.
        var stallSockets: [Int32] = [-1, -1]
        if request.instruments.sampler == .ptrace,
           socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &stallSockets) != 0 {
            stallSockets = [-1, -1]
        }
        let stallAppEnd = stallSockets[1]
        if stallAppEnd >= 0 { _ = fcntl(stallAppEnd, F_SETFD, 0) }
        let stallSampler = stallSockets[0] >= 0 ? RemoteStallSampler(fd: stallSockets[0]) : nil
        defer { if stallSockets[0] >= 0 { close(stallSockets[0]) } }

        let environment = environment(for: request, stallSocket: stallAppEnd >= 0)

        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: request.executable, arguments: request.arguments, environment: environment,
                inheritedFD: appEnd, stdoutPath: "/dev/null", stderrPath: request.stderrURL.path,
                stallFD: stallAppEnd
            )
        } catch {
            if appEnd >= 0 { close(appEnd) }
            if stallAppEnd >= 0 { close(stallAppEnd) }
            let record = LaunchRecord(
                index: request.index, scenario: request.scenario, outcome: .spawnFailed, wallNs: 0,
                message: error.description
            )
            return LaunchResult(record: record, trace: nil, events: [])
        }
        if appEnd >= 0 { close(appEnd) }
        if stallAppEnd >= 0 { close(stallAppEnd) }

        // The event socket is read only after the launch, or (resume) until the app is
        // active: waiting on it would wake the runner at every phase, and the woken runner
        // can preempt the app's main thread on a busy machine.
        var events = EventLineBuffer()
        let deadline = child.spawnNs + Int64(request.timeoutSeconds * 1e9)
        var outcome = ChildProcess.WaitResult.deadlinePassed
        if request.scenario == .resume {
            outcome = child.wait(deadlineNs: deadline, eventFD: runnerEnd, onEvents: { events.append($0) }, stallSampler: stallSampler) {
                events.events.contains { $0.kind == .active }
            }
            if outcome == .conditionMet {
                child.send(signal: SIGUSR1)
                let dwell = min(deadline, lp_monotonic_ns() + Int64(backgroundDwellSeconds * 1e9))
                outcome = child.wait(deadlineNs: dwell, stallSampler: stallSampler)
                if outcome == .deadlinePassed, lp_monotonic_ns() < deadline {
                    child.send(signal: SIGUSR2)
                    outcome = child.wait(deadlineNs: deadline, stallSampler: stallSampler)
                }
            }
        } else {
            outcome = child.wait(deadlineNs: deadline, stallSampler: stallSampler)
        }
        let termination: ChildProcess.Termination
        var timedOut = false
        switch outcome {
        case .exited(let value): termination = value
        case .deadlinePassed, .conditionMet:
            timedOut = true
            termination = child.kill()
        }
        let wallNs = max(0, child.exitNs - child.spawnNs)
        if runnerEnd >= 0 { events.append(Self.drain(runnerEnd)) }
        var result = classify(
            request: request, termination: termination, timedOut: timedOut, wallNs: wallNs, events: events.events
        )
        if let stallSampler, var trace = result.trace {
            stallSampler.readAvailable()
            if stallSampler.merge(into: &trace) {
                // The runner's samples go into the app's trace, written whole again.
                if (try? trace.write(to: request.traceURL)) != nil { result.trace = trace }
            }
        }
        return result
    }

    /// The app's environment: the runner's own without its profiler variables, the
    /// instruments', the request's extra variables, then the launch's own settings.
    func environment(for request: LaunchRequest, stallSocket: Bool) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix(ProfilerEnvironment.Variable.prefix) }
        var instruments = request.instruments
        if instruments.sampler == .ptrace, !stallSocket { instruments.sampler = .signal }
        environment.merge(instruments.environment(inheriting: environment)) { _, new in new }
        environment.merge(request.environment) { _, new in new }
        let launch = ProfilerEnvironment(
            tracePath: request.traceURL.path, exitAfter: request.exitAfter ?? request.scenario.defaultExitPoint,
            scenario: request.scenario, runIndex: request.index
        )
        environment.merge(launch.encode()) { _, new in new }
        return environment
    }

    private func classify(
        request: LaunchRequest, termination: ChildProcess.Termination, timedOut: Bool, wallNs: Int64, events: [ProbeEvent]
    ) -> LaunchResult {
        let lastPhase = events.last { $0.kind == .phase }?.name
        let whereItGot = lastPhase.map { " The last phase it started was \($0)." } ?? " It reported no phase."
        var record = LaunchRecord(
            index: request.index, scenario: request.scenario, outcome: .completed,
            wallNs: wallNs, lastPhase: lastPhase
        )
        var trace: LaunchTrace?
        switch termination {
        case .exited(let status): record.exitStatus = status
        case .signaled(let signal): record.signal = signal
        }
        if timedOut {
            record.outcome = .timedOut
            record.message = "The app did not finish within \(Self.format(request.timeoutSeconds)) s and was killed.\(whereItGot)"
        } else if case .signaled(let signal) = termination {
            record.outcome = .crashed
            record.message = "The app was killed by signal \(signal) (\(Self.signalName(signal))).\(whereItGot)"
        } else if case .exited(let status) = termination, status != 0 {
            record.outcome = .exitedWithError
            record.message = "The app exited with status \(status).\(whereItGot)"
        } else if !FileManager.default.fileExists(atPath: request.traceURL.path) {
            record.outcome = .noTrace
            record.message = "The app exited with status 0 but wrote no trace to \(request.traceURL.path); is it built with LaunchKit or LaunchProbe, and does it reach an exit point?\(whereItGot)"
        } else {
            do {
                trace = try LaunchTrace.read(from: request.traceURL)
                record.traceFile = request.traceURL.lastPathComponent
            } catch {
                record.outcome = .invalidTrace
                record.message = "The trace cannot be read: \(error)"
            }
        }
        if record.outcome != .completed {
            record.stderrTail = Self.tail(of: request.stderrURL)
        }
        return LaunchResult(record: record, trace: trace, events: events)
    }

    /// Everything left in the event socket, read without blocking.
    static func drain(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    static func tail(of url: URL, maxBytes: Int = 2048) -> String? {
        guard let data = try? Data(contentsOf: url), !data.isEmpty else { return nil }
        let text = String(decoding: data.suffix(maxBytes), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: String(cString: strsignal(signal))
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
