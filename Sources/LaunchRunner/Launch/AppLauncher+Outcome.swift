import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension AppLauncher {
    /// The record (and trace) of a launch from how it ended: the program's own trace, or for
    /// a program that writes none, the trace the runner builds from what it saw.
    func classify(
        request: LaunchRequest, end: ProcessWaitResult, child: ChildProcess, readiness: ReadinessWatcher?,
        profile: LaunchProfile?
    ) -> LaunchResult {
        let lastPhase = end.events.last { $0.kind == .phase }?.name
        var record = LaunchRecord(
            index: request.index, scenario: request.specification.scenario, outcome: .completed,
            wallNs: max(0, child.exitNs.saturatingSubtract(child.spawnNs)), lastPhase: lastPhase
        )
        record.readyWhen = request.specification.readiness.condition
        record.startedAtNs = child.spawnNs
        record.shutdown = end.shutdown
        record.followed = end.followed
        record.usage = child.usage
        if let ready = readiness?.readyAtNs { record.readyNs = ready.saturatingSubtract(child.spawnNs) }
        record.firstWindowNs = readiness?.displayMilestones?.windowNs.map { $0.saturatingSubtract(child.spawnNs) }
        record.firstFrameNs = readiness?.displayMilestones?.frameNs.map { $0.saturatingSubtract(child.spawnNs) }
        if record.firstFrameNs != nil { keepFramePicture(request: request, readiness: readiness, record: &record) }
        if record.firstWindowNs != nil { record.windowTitle = readiness?.windowTitle }
        switch end.termination {
        case .exited(let status): record.exitStatus = status
        case .signaled(let signal): record.signal = signal
        }
        var trace: LaunchTrace?
        if let failure = failure(request: request, end: end, readiness: readiness, lastPhase: lastPhase) {
            (record.outcome, record.message) = failure
        } else if request.timingOnly || !FileManager.default.fileExists(atPath: request.traceURL.path) {
            // A measurement launch is told of no trace file (none of the runner's variables): none is looked for.
            if end.isInstrumented, readiness?.readyAtNs == nil {
                record.outcome = .noTrace
                record.message =
                    "The app exited with status 0 but wrote no trace to \(request.traceURL.path); is it built with LaunchKit or LaunchProbe, and does it reach an exit point?\(Self.whereItGot(lastPhase))"
            } else {
                trace = programTrace(
                    request: request, end: end, child: child, readiness: readiness, profile: profile, record: &record)
            }
        } else {
            trace = readTrace(request: request, record: &record)
        }
        if record.outcome != .completed { attachOutput(to: &record, request: request, readiness: readiness) }
        return LaunchResult(record: record, trace: trace, events: end.events)
    }

    /// Writes the first frame's picture where the request keeps it (a temporary file renamed into
    /// place), and names it in the record; a picture that cannot be written is left out.
    private func keepFramePicture(request: LaunchRequest, readiness: ReadinessWatcher?, record: inout LaunchRecord) {
        guard let url = request.framePictureURL, let png = readiness?.framePicture,
            (try? Data(png).write(to: url, options: .atomic)) != nil
        else { return }
        record.framePicture = url.lastPathComponent
    }

    /// The outcome and message of a launch that failed before any trace could count.
    private func failure(
        request: LaunchRequest, end: ProcessWaitResult, readiness: ReadinessWatcher?, lastPhase: String?
    ) -> (LaunchRecord.Outcome, String)? {
        let whereItGot = Self.whereItGot(lastPhase)
        let waiting =
            readiness.map { "; it was not ready (waiting for \($0.condition.waitingFor)\($0.displayProgress))" } ?? ""
        if let signal = end.interruptedBy {
            return (.interrupted, "launchprof received \(Self.signalName(signal)) and killed the launch.\(whereItGot)")
        }
        if end.timedOut {
            let what =
                readiness.map { "did not become ready (waiting for \($0.condition.waitingFor)\($0.displayProgress))" }
                ?? "did not finish"
            return (
                .timedOut,
                "The app \(what) within \(Self.format(request.specification.timeoutSeconds)) s and was killed.\(whereItGot)"
            )
        }
        if readiness?.readyAtNs != nil { return nil }
        switch end.termination {
        case .signaled(let signal):
            return (
                .crashed, "The app was killed by signal \(signal) (\(Self.signalName(signal)))\(waiting).\(whereItGot)"
            )
        case .exited(let status) where status != 0:
            return (.exitedWithError, "The app exited with status \(status)\(waiting).\(whereItGot)")
        case .exited:
            guard let readiness else { return nil }
            return (
                .exitedBeforeReady,
                "The program exited with status 0 before it was ready (waiting for \(readiness.condition.waitingFor)\(readiness.displayProgress)).\(whereItGot)"
            )
        }
    }

    /// A failed launch's output: its standard error bounded (head and tail of a large one), its
    /// last lines in the record and the last 3 at the end of the message; the end of its
    /// standard output when the runner read it. Control characters are escaped.
    private func attachOutput(to record: inout LaunchRecord, request: LaunchRequest, readiness: ReadinessWatcher?) {
        let capture = OutputCapture(url: request.stderrURL)
        capture.bound()
        record.stderrTail = capture.lastLines()
        if let last = capture.lastLines(3) {
            record.message = (record.message ?? "") + LaunchRecord.standardErrorLead + last
        }
        record.stdoutTail = readiness?.stdoutTail.map { tail in
            tail.split(separator: "\n", omittingEmptySubsequences: false).map { OutputCapture.escaped(String($0)) }
                .joined(separator: "\n")
        }
    }

    /// The trace the runner builds for a program that wrote none, written to the trace file.
    private func programTrace(
        request: LaunchRequest, end: ProcessWaitResult, child: ChildProcess, readiness: ReadinessWatcher?,
        profile: LaunchProfile?, record: inout LaunchRecord
    ) -> LaunchTrace? {
        let launch = ProgramLaunch(
            request: request, pid: child.pid, spawnNs: child.spawnNs, execDoneNs: child.execDoneNs,
            exitNs: child.exitNs,
            readyAtNs: readiness?.readyAtNs, events: end.events, peakResidentBytes: child.peakResidentBytes,
            display: readiness?.displayMilestones
        )
        // A measurement or primer launch of a program: its record holds all that is read, its time
        // to ready (building a trace took 10 microseconds between two launches).
        if request.recordOnly {
            if record.readyNs == nil { record.readyNs = launch.readyNs }
            return nil
        }
        let trace = launch.trace(profile: profile)
        if record.readyNs == nil { record.readyNs = trace.totals.timeToReadyNs }
        // A measurement launch's record holds all it measured; no file is written between them.
        if request.timingOnly { return trace }
        do {
            try trace.write(to: request.traceURL, durable: false)
            record.traceFile = request.traceURL.lastPathComponent
            return trace
        } catch {
            record.outcome = .invalidTrace
            record.message = "The runner could not write the trace it built for the program: \(error)"
            return nil
        }
    }

    private func readTrace(request: LaunchRequest, record: inout LaunchRecord) -> LaunchTrace? {
        do {
            let trace = try LaunchTrace.read(from: request.traceURL)
            record.traceFile = request.traceURL.lastPathComponent
            return trace
        } catch {
            record.outcome = .invalidTrace
            record.message = "The trace cannot be read: \(error)"
            return nil
        }
    }

    static func whereItGot(_ lastPhase: String?) -> String {
        lastPhase.map { " The last phase it started was \($0)." } ?? " It reported no phase."
    }
}
