import Foundation
import LaunchTrace

/// Runs the launches of one ``LaunchSpecification`` one after another through a ``Launcher``,
/// each of a ``LaunchTrace/LaunchKind``, and keeps their results by kind. A launch of a kind is
/// made ready with ``stage(_:)`` and started with ``launch(_:meanwhile:)`` (or both at once with
/// ``launch(_:)``); its files go where the ``LaunchFileLayout`` says, and those of warm-up,
/// pre-main, primer and a program's measurement launches are scratch files that are deleted.
///
/// ```swift
/// let session = try LaunchSession(specification: specification, warmup: 1, layout: folder)
/// session.runWarmups()
/// let results = (0..<20).map { _ in session.launch(.diagnosis) }
/// ```
package final class LaunchSession {
    /// How every launch of the session is made.
    package let specification: LaunchSpecification
    /// Launches before the measured ones, whose results are discarded.
    package let warmup: Int
    /// Whether the program writes its own trace (a LaunchKit or LaunchProbe app), which decides
    /// what a measurement launch carries (``LaunchTrace/LaunchKind/instrumentation(writesTrace:)``).
    package var writesTrace = true
    /// The results of the launches of each kind so far, in order (``results(of:)``).
    private var resultsByKind: [LaunchKind: [LaunchResult]] = [:]
    /// Cold scenario: the evictor used before each launch.
    package let evictor: PageCacheEvictor?
    /// Cold scenario: what each eviction before a diagnosis launch did, in launch order.
    package private(set) var evictions: [PageCacheEvictor.Report] = []
    /// What performs the launches.
    package let launcher: any Launcher
    private let layout: any LaunchFileLayout
    /// The layout's scratch files, named once (``LaunchFileLayout/warmupFiles``,
    /// ``LaunchFileLayout/preMainFiles``): each launch whose files are not kept uses them.
    private let scratchFiles: LaunchFiles
    private let preMainFiles: LaunchFiles
    /// The loader's answer on unused direct dependencies, once asked (pre-main launches).
    private var unusedLibrariesChecked: [String]??
    /// The adaptive on-CPU sampling rate for the next diagnosis launch, once one has run.
    private var nextProfileRateHz: Int?

    /// Prepares a session: checks the executable and creates the layout's folder.
    ///
    /// - Throws: ``LaunchProfilerError`` (``LaunchProfilerError/Code/notExecutable``,
    ///   ``LaunchProfilerError/Code/outputNotWritable``) before any launch.
    package init(
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
        scratchFiles = layout.warmupFiles
        preMainFiles = layout.preMainFiles
        evictor = specification.scenario == .cold ? PageCacheEvictor(executable: specification.executable) : nil
    }

    /// The signal that interrupted the run, or nil (see ``Launcher/interruption``).
    package var interruption: Int32? { launcher.interruption }

    /// The results of the launches of `kind` so far, in order.
    package func results(of kind: LaunchKind) -> [LaunchResult] { resultsByKind[kind] ?? [] }

    /// Runs the warm-up launches, their traces discarded; returns how many completed.
    @discardableResult
    package func runWarmups() -> Int {
        while runNextWarmup() != nil {}
        return results(of: .warmup).filter { $0.record.outcome == .completed }.count
    }

    /// Runs the next warm-up launch (indices -1, -2, …); nil when all are done or the run was
    /// interrupted.
    @discardableResult
    package func runNextWarmup() -> LaunchResult? {
        guard results(of: .warmup).count < warmup, interruption == nil else { return nil }
        return launch(.warmup)
    }

    /// Makes the next launch of `kind` ready (``StagedLaunch``), to be started with
    /// ``launch(_:meanwhile:)``, for instance the moment another launch's process ends. Its index
    /// counts the launches of its kind from 1 (warm-up launches from -1 down).
    package func stage(_ kind: LaunchKind) -> Staged {
        let count = results(of: kind).count
        let instrumentation = carried(by: kind)
        let index = kind == .warmup ? -(count + 1) : count + 1
        var launch = specification.carrying(instrumentation)
        let adaptive = instrumentation == .instruments && launch.instruments.adaptiveProfileRate
        if adaptive { launch.instruments.profileRateHz = nextProfileRateHz ?? ProfileRate.initialHz }
        let files = files(of: kind, index: index, instrumentation: instrumentation)
        var request = LaunchRequest(launch, files: files, index: index)
        request.kind = kind
        // A program's measurement and primer launches are their records alone (no trace built).
        request.recordOnly = instrumentation == .none && [.measurement, .primer].contains(kind)
        request.relocationMarks = launch.relocationMarks.marks(kind, index: index, instrumentation: instrumentation)
        return Staged(
            kind: kind, instrumentation: instrumentation, files: files, launch: launcher.stage(request),
            adaptive: adaptive)
    }

    /// What a launch of `kind` carries: a diagnosis or warm-up launch what the session's
    /// specification says (all the instruments, or none for compare's timed blocks), the others
    /// what their kind says (``LaunchTrace/LaunchKind/instrumentation(writesTrace:)``).
    private func carried(by kind: LaunchKind) -> LaunchInstrumentation {
        [.diagnosis, .warmup].contains(kind)
            ? specification.instrumentation : kind.instrumentation(writesTrace: writesTrace)
    }

    /// Makes the next launch of `kind` and keeps its result.
    @discardableResult
    package func launch(_ kind: LaunchKind) -> LaunchResult { launch(stage(kind)) }

    /// Runs the launch made ready by ``stage(_:)`` and keeps its result among its kind's.
    /// `meanwhile` runs as soon as the launch's process has ended, before its profile and trace
    /// are read and its trace file is written: a launch started there follows this one with no
    /// gap (``PendingLaunch``).
    @discardableResult
    package func launch(_ staged: Staged, meanwhile: () -> Void = {}) -> LaunchResult {
        let eviction = evictor?.evict()
        let pending = staged.launch.start()
        meanwhile()
        var result = pending.complete()
        result.record.evictedBytes = eviction?.evictedBytes
        if staged.adaptive, let rate = ProfileRate.next(after: result.trace?.profile) { nextProfileRateHz = rate }
        if staged.kind == .diagnosis, let eviction { evictions.append(eviction) }
        keep(&result, of: staged)
        resultsByKind[staged.kind, default: []].append(result)
        return result
    }

    /// Where a launch's files go: a diagnosis launch's and an app's measurement launch's are
    /// kept (a failed one's record keeps its standard error's end), the others' are scratch.
    private func files(of kind: LaunchKind, index: Int, instrumentation: LaunchInstrumentation) -> LaunchFiles {
        switch kind {
        case .diagnosis: layout.files(forLaunch: index)
        case .measurement: instrumentation == .probeMarks ? layout.files(forMeasurement: index) : scratchFiles
        case .preMain: preMainFiles
        case .warmup, .primer: scratchFiles
        }
    }

    /// What is kept of a launch's files and record once it has ended.
    private func keep(_ result: inout LaunchResult, of staged: Staged) {
        let completed = result.record.outcome == .completed
        switch staged.kind {
        case .warmup:
            result.record.traceFile = nil
            staged.files.deleteTrace()
            staged.files.deleteStderr()
        case .diagnosis:
            // Its size, not its bytes: a named pipe the program put there must not block the run.
            if completed || OutputCapture(url: staged.files.stderrURL).size == 0 {
                staged.files.deleteStderr()
            }
        case .measurement, .primer:
            let kept = staged.instrumentation == .probeMarks
            if staged.launch.mayLeaveStderrFile, !kept || completed { staged.files.deleteStderr() }
        case .preMain:
            result.record.preMain = result.trace?.preMain.map { breakdown in
                var breakdown = breakdown
                breakdown.unusedLibraries = unusedLibraries(of: breakdown)
                return breakdown
            }
            result.record.traceFile = nil
            staged.files.deleteTrace()
            staged.files.deleteStderr()
        }
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

    /// A launch of the session made ready (``stage(_:)``), to be started once; one not started
    /// releases what it holds when it goes.
    package struct Staged {
        /// The kind of launch.
        package let kind: LaunchKind
        /// What it carries.
        package let instrumentation: LaunchInstrumentation
        let files: LaunchFiles
        let launch: StagedLaunch
        let adaptive: Bool
    }
}
