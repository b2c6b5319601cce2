import Foundation
import LaunchTrace

/// Runs the launches of one ``LaunchSpecification`` one after another through a ``Launcher``,
/// writing each trace where its ``LaunchFileLayout`` says. Warm-up and timing launches go to
/// scratch files that are deleted.
///
/// ```swift
/// let session = try LaunchSession(specification: specification, warmup: 1, layout: folder)
/// session.warmUp()
/// let results = (0..<20).map { _ in session.launchNext() }
/// ```
public final class LaunchSession {
    /// How every launch of the session is made.
    public let specification: LaunchSpecification
    /// Launches before the measured ones, whose results are discarded.
    public let warmup: Int
    /// Results of the measured launches so far, in order.
    public private(set) var results: [LaunchResult] = []
    /// Results of the timing launches so far (``timeNext()``), in order.
    public private(set) var timingResults: [LaunchResult] = []
    /// Results of the pre-main launches so far (``preMainNext()``), in order; each record holds
    /// its breakdown.
    public private(set) var preMainResults: [LaunchResult] = []
    /// Results of the primer launches so far (``primeNext(_:meanwhile:)``), in order.
    public private(set) var primerResults: [LaunchResult] = []
    /// Results of the warm-up launches so far, in order; their traces are not kept.
    public private(set) var warmUpResults: [LaunchResult] = []
    /// Cold scenario: the evictor used before each launch.
    public let evictor: PageCacheEvictor?
    /// Cold scenario: what each eviction before a measured launch did, in launch order.
    public private(set) var evictions: [PageCacheEvictor.Report] = []
    /// What performs the launches.
    public let launcher: any Launcher
    private let layout: any LaunchFileLayout
    /// The layout's scratch files, named once (``LaunchFileLayout/warmUpFiles``,
    /// ``LaunchFileLayout/preMainFiles``): each timing launch uses them.
    private let scratchFiles: LaunchFiles
    private let preMainFiles: LaunchFiles
    private var lastEviction: PageCacheEvictor.Report?
    /// The loader's answer on unused direct dependencies, once asked (``preMainNext()``).
    private var unusedLibrariesChecked: [String]??
    /// The adaptive on-CPU sampling rate for the next profiled launch, once one has run.
    private var nextProfileRateHz: Int?

    /// Prepares a session: checks the executable and creates the layout's folder.
    ///
    /// - Throws: ``LaunchProfilerError`` (``LaunchProfilerError/Code/notExecutable``,
    ///   ``LaunchProfilerError/Code/outputNotWritable``) before any launch.
    public init(
        specification: LaunchSpecification, warmup: Int = 0, layout: any LaunchFileLayout,
        launcher: any Launcher = AppLauncher()
    ) throws(LaunchProfilerError) {
        try launcher.check(specification)
        do {
            try FileManager.default.createDirectory(at: layout.directory, withIntermediateDirectories: true)
        } catch {
            throw LaunchProfilerError.outputNotWritable(path: layout.directory.path, reason: error.localizedDescription)
        }
        self.specification = specification
        self.warmup = warmup
        self.launcher = launcher
        self.layout = layout
        scratchFiles = layout.warmUpFiles
        preMainFiles = layout.preMainFiles
        evictor = specification.scenario == .cold ? PageCacheEvictor(executable: specification.executable) : nil
    }

    /// The signal that interrupted the run, or nil (see ``Launcher/interruption``).
    public var interruption: Int32? { launcher.interruption }

    /// Runs the warm-up launches, their traces discarded; returns how many completed.
    @discardableResult
    public func warmUp() -> Int {
        while warmUpNext() != nil {}
        return warmUpResults.filter { $0.record.outcome == .completed }.count
    }

    /// Runs the next warm-up launch (indices -1, -2, …), its trace and standard error deleted and
    /// its record kept in ``warmUpResults``; nil when all are done or the run was interrupted.
    @discardableResult
    public func warmUpNext() -> LaunchResult? {
        guard warmUpResults.count < warmup, interruption == nil else { return nil }
        let files = scratchFiles
        var result = perform(specification, index: -(warmUpResults.count + 1), files: files)
        result.record.traceFile = nil
        files.deleteTrace()
        files.deleteStderr()
        warmUpResults.append(result)
        return result
    }

    /// Runs the next measured launch and keeps its result. `meanwhile` runs as soon as the
    /// launch's process has ended, before its profile and trace are read and its trace file is
    /// written: a measurement launch started there follows this one with no gap (``PendingLaunch``).
    @discardableResult
    public func launchNext(meanwhile: () -> Void = {}) -> LaunchResult {
        let index = results.count + 1
        let files = layout.files(forLaunch: index)
        let started = start(stage(specification, index: index, files: files))
        let eviction = lastEviction
        meanwhile()
        let result = finish(started)
        if let eviction { evictions.append(eviction) }
        if result.record.outcome == .completed || OutputCapture(url: files.stderrURL).size == 0 {
            files.deleteStderr()
        }
        results.append(result)
        return result
    }

    /// Runs the next measurement launch and keeps its result among ``timingResults``: a timing
    /// launch (``LaunchKind/timing``: no instruments, no file written) of a program that writes
    /// no trace, or a measurement launch (``LaunchKind/measurement``: the probe's marks alone,
    /// its trace kept) of an app that writes one. Its index counts these launches from 1.
    @discardableResult
    public func timeNext(kind: LaunchKind = .timing) -> LaunchResult {
        timeNext(stageTiming(kind: kind))
    }

    /// Makes the next measurement launch ready (``StagedLaunch``) to start with ``timeNext(_:)``,
    /// for instance the moment a diagnosis launch ends.
    public func stageTiming(kind: LaunchKind = .timing) -> Staged {
        let index = timingResults.count + 1
        // A measurement launch of an app writes its standard error to its own file: a failed one's record
        // keeps its end (a program's timing launch sends it to /dev/null, AppLauncher.stderrPath).
        let files = kind == .measurement ? layout.files(forMeasurement: index) : scratchFiles
        return stage(specification.of(kind: kind), index: index, files: files, recordOnly: kind == .timing)
    }

    /// Runs the measurement launch made ready by ``stageTiming(kind:)``, as ``timeNext(kind:)`` does.
    @discardableResult
    public func timeNext(_ staged: Staged) -> LaunchResult {
        let result = finish(start(staged))
        if staged.launch.mayLeaveStderrFile, staged.kind != .measurement || result.record.outcome == .completed {
            staged.files.deleteStderr()
        }
        timingResults.append(result)
        return result
    }

    /// Makes the next primer launch ready (``primeNext(_:meanwhile:)``): a timing launch whose
    /// result is kept apart, never measured. Its index counts them from 1.
    public func stagePrimer() -> Staged {
        stage(specification.of(kind: .timing), index: primerResults.count + 1, files: scratchFiles, recordOnly: true)
    }

    /// Runs a primer launch, and `meanwhile` as soon as its process has ended: a measurement
    /// launch of a short program started there follows a launch with no instruments, as
    /// hyperfine's launches follow one another, and not the diagnosis launch, whose perf events
    /// and traces leave the next launch a few per cent slower (Benchmarks/scripts/perf-aftereffect.py).
    @discardableResult
    public func primeNext(_ staged: Staged, meanwhile: () -> Void) -> LaunchResult {
        let started = start(staged)
        meanwhile()
        let result = finish(started)
        primerResults.append(result)
        return result
    }

    /// Runs the next pre-main launch (``LaunchKind/preMain``: the loader's audit module alone)
    /// and keeps its result, the breakdown in its record. Its index counts them from 1.
    @discardableResult
    public func preMainNext() -> LaunchResult {
        preMainNext(stagePreMain())
    }

    /// Makes the next pre-main launch ready to start with ``preMainNext(_:)``.
    public func stagePreMain() -> Staged {
        stage(specification.of(kind: .preMain), index: preMainResults.count + 1, files: preMainFiles)
    }

    /// Runs the pre-main launch made ready by ``stagePreMain()``, as ``preMainNext()`` does.
    @discardableResult
    public func preMainNext(_ staged: Staged) -> LaunchResult {
        var result = finish(start(staged))
        result.record.preMain = result.trace?.preMain.map { breakdown in
            var breakdown = breakdown
            breakdown.unusedLibraries = unusedLibraries(of: breakdown)
            return breakdown
        }
        result.record.traceFile = nil
        staged.files.deleteTrace()
        staged.files.deleteStderr()
        preMainResults.append(result)
        return result
    }

    /// The program's direct dependencies that none of its symbols bind to, asked of its loader
    /// (the object the breakdown names `ld-…`) once per session; nil when it cannot tell.
    private func unusedLibraries(of breakdown: PreMainBreakdown) -> [String]? {
        if let checked = unusedLibrariesChecked { return checked }
        guard let program = breakdown.objects.first?.path,
            let loader = breakdown.objects.dropFirst().first(where: { $0.name.hasPrefix("ld-") })?.path
        else { return nil }
        let found = UnusedDependencies.of(executable: program, loader: loader, environment: specification.environment)
        unusedLibrariesChecked = .some(found)
        return found
    }

    private func perform(_ specification: LaunchSpecification, index: Int, files: LaunchFiles) -> LaunchResult {
        finish(start(stage(specification, index: index, files: files)))
    }

    /// A launch of the session made ready (``stageTiming(kind:)``, ``stagePreMain()``), to be
    /// started once; one not started releases what it holds when it goes.
    public struct Staged {
        /// The kind of launch.
        public let kind: LaunchKind
        let files: LaunchFiles
        let launch: StagedLaunch
        let adaptive: Bool
    }

    /// A launch started and ended, what it left not yet read (``Launcher/start(_:)``).
    private struct Started {
        let pending: PendingLaunch
        let eviction: PageCacheEvictor.Report?
        let adaptive: Bool
    }

    /// Makes a launch ready; `recordOnly`: its result is its record alone (``LaunchRequest/recordOnly``).
    private func stage(_ specification: LaunchSpecification, index: Int, files: LaunchFiles, recordOnly: Bool = false)
        -> Staged
    {
        var specification = specification
        let adaptive = specification.kind == .profiled && specification.instruments.adaptiveProfileRate
        if adaptive { specification.instruments.profileRateHz = nextProfileRateHz ?? ProfileRate.initialHz }
        var request = LaunchRequest(specification, files: files, index: index)
        request.recordOnly = recordOnly
        let launch = launcher.stage(request)
        return Staged(kind: specification.kind, files: files, launch: launch, adaptive: adaptive)
    }

    /// Starts a staged launch, the page cache evicted first in the cold scenario.
    private func start(_ staged: Staged) -> Started {
        let eviction = evictor?.evict()
        lastEviction = eviction
        return Started(pending: staged.launch.start(), eviction: eviction, adaptive: staged.adaptive)
    }

    private func finish(_ started: Started) -> LaunchResult {
        var result = started.pending.complete()
        result.record.evictedBytes = started.eviction?.evictedBytes
        if started.adaptive, let rate = ProfileRate.next(after: result.trace?.profile) { nextProfileRateHz = rate }
        return result
    }
}
