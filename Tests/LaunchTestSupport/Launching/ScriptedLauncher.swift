import Foundation
import LaunchRunner
import LaunchTrace
import Synchronization

/// A ``LaunchRunner/Launcher`` that starts no process: each launch's outcome comes from a
/// script, and a completed launch writes a copy of a real SampleApp trace (from the report
/// fixture) with the phase durations the script chose. The session and the workflows above it
/// (adaptive stopping, compare's blocks, interruption, failed launches) run unchanged on it,
/// as hyperfine's tests run its benchmarks on a `MockExecutor`.
///
/// ```swift
/// let launcher = ScriptedLauncher { request in
///     .completed(.didFinishLaunching, ms: request.index.isMultiple(of: 2) ? 40 : 5)
/// }
/// let result = try ProfilingRun(plan: plan, folder: folder, launcher: launcher).run()
/// launcher.requests.count   // every launch, warm-up launches included
/// ```
package final class ScriptedLauncher: Launcher {
    private struct State {
        var requests: [LaunchRequest] = []
        var interruption: Int32?
    }

    private let script: @Sendable (LaunchRequest) -> ScriptedLaunch
    private let interruptAfter: (launches: Int, signal: Int32)?
    private let state = Mutex(State())
    private let template: LaunchTrace

    /// A launcher whose launches do what `script` says of each request; with `interruptAfter`,
    /// the run counts as interrupted by `signal` once that many launches (warm-up ones
    /// included) have been made.
    package init(
        interruptAfter: (launches: Int, signal: Int32)? = nil,
        script: @escaping @Sendable (LaunchRequest) -> ScriptedLaunch
    ) {
        self.script = script
        self.interruptAfter = interruptAfter
        self.template = Self.templateTrace
    }

    /// Every request made so far, in order.
    package var requests: [LaunchRequest] { state.withLock { $0.requests } }

    /// The interruption signal, once ``init(interruptAfter:script:)``'s count is reached.
    package var interruption: Int32? { state.withLock { $0.interruption } }

    /// Accepts every specification: no program is started.
    package func check(_ specification: LaunchSpecification) throws(LaunchProfilerError) {}

    /// Performs one scripted launch.
    package func launch(_ request: LaunchRequest) -> LaunchResult {
        let count = state.withLock { state in
            state.requests.append(request)
            return state.requests.count
        }
        let result = result(of: script(request), for: request)
        if let interruptAfter, count >= interruptAfter.launches {
            state.withLock { $0.interruption = interruptAfter.signal }
        }
        return result
    }

    private func result(of launch: ScriptedLaunch, for request: LaunchRequest) -> LaunchResult {
        let scenario = request.specification.scenario
        switch launch {
        case .completed(let phasesMs):
            let trace = Self.trace(template, index: request.index, scenario: scenario, phasesMs: phasesMs)
            let written = (try? trace.write(to: request.traceURL)) != nil
            var record = LaunchRecord(
                index: request.index, scenario: scenario, outcome: .completed, exitStatus: 0,
                wallNs: trace.ending.atNs, traceFile: written ? request.traceURL.lastPathComponent : nil
            )
            record.lastPhase = trace.phases.last?.phase.rawValue
            return LaunchResult(record: record, trace: trace, events: [])
        case .crashed(let signal):
            let record = LaunchRecord(
                index: request.index, scenario: scenario, outcome: .crashed, signal: signal, wallNs: 1_000_000,
                message: "The app was killed by signal \(signal)."
            )
            return LaunchResult(record: record, trace: nil, events: [])
        case .exitedWithError(let status):
            let record = LaunchRecord(
                index: request.index, scenario: scenario, outcome: .exitedWithError, exitStatus: status,
                wallNs: 1_000_000,
                message: "The app exited with status \(status)."
            )
            return LaunchResult(record: record, trace: nil, events: [])
        case .timedOut:
            let record = LaunchRecord(
                index: request.index, scenario: scenario, outcome: .timedOut,
                wallNs: Int64(request.specification.timeoutSeconds * 1e9),
                message: "The app did not finish within \(request.specification.timeoutSeconds) s and was killed."
            )
            return LaunchResult(record: record, trace: nil, events: [])
        }
    }
}
