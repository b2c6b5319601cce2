import Foundation
import LaunchTrace

/// Runs the launches of a ``RunPlan`` one after another, writing each trace where its
/// ``LaunchFileLayout`` says. Warm-up launches go to scratch files that are deleted.
///
/// ```swift
/// let session = try LaunchSession(plan: plan, layout: folder)
/// session.warmUp()
/// let results = (0..<plan.runs).map { _ in session.launchNext() }
/// ```
public final class LaunchSession {
    /// The plan being run.
    public let plan: RunPlan
    /// Results of the measured launches so far, in order.
    public private(set) var results: [LaunchResult] = []
    /// Results of the timing launches so far (``timeNext()``), in order.
    public private(set) var timingResults: [LaunchResult] = []
    /// Cold scenario: the evictor used before each launch.
    public let evictor: PageCacheEvictor?
    /// Cold scenario: what each eviction before a measured launch did, in launch order.
    public private(set) var evictions: [PageCacheEvictor.Report] = []
    private let launcher: AppLauncher
    private let layout: any LaunchFileLayout
    private var lastEviction: PageCacheEvictor.Report?

    /// Prepares a session: checks the executable and creates the output folder.
    public init(plan: RunPlan, layout: any LaunchFileLayout, launcher: AppLauncher = AppLauncher()) throws(LaunchProfilerError) {
        guard access(plan.executable, X_OK) == 0 else { throw LaunchProfilerError.notExecutable(path: plan.executable) }
        do {
            try FileManager.default.createDirectory(at: plan.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw LaunchProfilerError.outputNotWritable(path: plan.outputDirectory.path, reason: error.localizedDescription)
        }
        self.plan = plan
        self.launcher = launcher
        self.layout = layout
        evictor = plan.scenario == .cold ? PageCacheEvictor(executable: plan.executable) : nil
    }

    /// Runs the warm-up launches and discards their results; returns how many completed.
    @discardableResult
    public func warmUp() -> Int {
        var completed = 0
        for index in 0..<plan.warmup {
            let files = layout.warmUpFiles
            let result = perform(index: -(index + 1), files: files)
            if result.record.outcome == .completed { completed += 1 }
            try? FileManager.default.removeItem(at: files.traceURL)
            try? FileManager.default.removeItem(at: files.stderrURL)
        }
        return completed
    }

    /// Runs the next measured launch and keeps its result.
    @discardableResult
    public func launchNext() -> LaunchResult {
        let index = results.count + 1
        let files = layout.files(forLaunch: index)
        let result = perform(index: index, files: files)
        if let eviction = lastEviction { evictions.append(eviction) }
        if result.record.outcome == .completed || (try? Data(contentsOf: files.stderrURL))?.isEmpty == true {
            try? FileManager.default.removeItem(at: files.stderrURL)
        }
        results.append(result)
        return result
    }

    /// Runs the next timing launch (``LaunchRequest/timingOnly``: no instruments, no file
    /// written) and keeps its result. Its index counts the timing launches from 1.
    @discardableResult
    public func timeNext() -> LaunchResult {
        let index = timingResults.count + 1
        // The warm-up's scratch files: a failed launch's record keeps the end of its standard error.
        let files = layout.warmUpFiles
        let result = perform(index: index, files: files, timingOnly: true)
        try? FileManager.default.removeItem(at: files.stderrURL)
        timingResults.append(result)
        return result
    }

    private func perform(index: Int, files: LaunchFiles, timingOnly: Bool = false) -> LaunchResult {
        let eviction = evictor?.evict()
        lastEviction = eviction
        var request = LaunchRequest(
            executable: plan.executable, arguments: plan.arguments, environment: plan.environment,
            scenario: plan.scenario, traceURL: files.traceURL, stderrURL: files.stderrURL,
            index: index, timeoutSeconds: plan.timeoutSeconds, exitAfter: plan.exitAfter,
            instruments: plan.instruments
        )
        request.readiness = plan.readiness
        request.timingOnly = timingOnly
        var result = launcher.launch(request)
        result.record.evictedBytes = eviction?.evictedBytes
        return result
    }
}
