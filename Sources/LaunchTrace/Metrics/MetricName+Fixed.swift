extension MetricName {
    /// Launch start to the launch screen shown (``LaunchTotals/timeToLaunchScreenNs``).
    package static let timeToLaunchScreen = MetricName(rawValue: "timeToLaunchScreen")
    /// Launch start to the first committed frame.
    package static let timeToFirstFrame = MetricName(rawValue: "timeToFirstFrame")
    /// Launch start to the program's first top-level window on the display
    /// (``LaunchTotals/timeToFirstWindowNs``).
    package static let timeToFirstWindow = MetricName(rawValue: "timeToFirstWindow")
    /// Launch start to the end of `applicationDidBecomeActive`.
    package static let timeToActive = MetricName(rawValue: "timeToActive")
    /// Launch start to `reportFullyDrawn`.
    package static let timeToFullDisplay = MetricName(rawValue: "timeToFullDisplay")
    /// Launch start to readiness (``LaunchTotals/timeToReadyNs``).
    package static let timeToReady = MetricName(rawValue: "timeToReady")
    /// Main-thread blocked time summed over the phases before the first frame.
    package static let mainThreadBlocked = MetricName(rawValue: "mainThreadBlocked")
    /// Main-thread on-CPU time summed over the phases before the first frame.
    package static let mainThreadOnCpu = MetricName(rawValue: "mainThreadOnCpu")
    /// Main-thread runnable time summed over the phases before the first frame.
    package static let mainThreadRunnable = MetricName(rawValue: "mainThreadRunnable")
    /// Major page faults on the main thread before the first frame.
    package static let majorFaults = MetricName(rawValue: "majorFaults")
    /// Minor page faults on the main thread before the first frame.
    package static let minorFaults = MetricName(rawValue: "minorFaults")
    /// CPU time of the whole process, user and system, from `wait4` (every kind of launch).
    package static let processCpuTime = MetricName(rawValue: "process.cpuTime")
    /// Major page faults of the whole process, from `wait4` (every kind of launch).
    package static let processMajorFaults = MetricName(rawValue: "process.majorFaults")
    /// Minor page faults of the whole process, from `wait4` (every kind of launch).
    package static let processMinorFaults = MetricName(rawValue: "process.minorFaults")
    /// Peak resident set size at the end of the launch.
    package static let peakMemory = MetricName(rawValue: "peakMemory")
    /// Time the profiler spent on the main thread.
    package static let profilerOverhead = MetricName(rawValue: "profilerOverhead")
    /// `willEnterForeground` to the first frame after a resume.
    package static let resumeToFrame = MetricName(rawValue: "resume.toFrame")
    /// `willEnterForeground` to active after a resume.
    package static let resumeToActive = MetricName(rawValue: "resume.toActive")
    /// Main-thread stalls the stall sampler saw.
    package static let stallCount = MetricName(rawValue: "stallCount")
    /// Duration of the longest main-thread stall.
    package static let longestStall = MetricName(rawValue: "longestStall")

    /// Launch start to the end of the kernel's exec (the pre-main breakdown).
    package static let preMainExec = MetricName(rawValue: "preMain.exec")
    /// The loader's own start-up, to the audit module (the pre-main breakdown).
    package static let preMainLoaderStartup = MetricName(rawValue: "preMain.loaderStartup")
    /// The programs a wrapper ran, each exec'ing the next, before the one that reached `main`
    /// (the pre-main breakdown; only when there were some).
    package static let preMainEarlierPrograms = MetricName(rawValue: "preMain.earlierPrograms")
    /// Finding, opening and mapping every object (the pre-main breakdown).
    package static let preMainLoading = MetricName(rawValue: "preMain.loading")
    /// Symbol resolution and relocation of every object (the pre-main breakdown).
    package static let preMainRelocation = MetricName(rawValue: "preMain.relocation")
    /// The relative relocations' estimated share of the relocation (the pre-main breakdown).
    package static let preMainRelocationRelative = MetricName(rawValue: "preMain.relocation.relative")
    /// The symbol relocations' estimated share of the relocation (the pre-main breakdown).
    package static let preMainRelocationSymbol = MetricName(rawValue: "preMain.relocation.symbol")
    /// Every initializer of every object, the executable's included (the pre-main breakdown).
    package static let preMainInitializers = MetricName(rawValue: "preMain.initializers")
    /// Launch start to `main` (the pre-main breakdown).
    package static let preMainTotal = MetricName(rawValue: "preMain.total")

    /// The launch totals, in the order reports show them.
    package static let launchTotals: [MetricName] = [
        .timeToLaunchScreen, .timeToFirstFrame, .timeToActive, .timeToFullDisplay, .timeToReady,
    ]

    /// UIKit's phase durations in launch order, then the launch totals: the rows of the phase
    /// tables and charts of a LaunchKit run.
    package static let phasesThenTotals: [MetricName] = phasesThenTotals(PhaseName.uikit)

    /// The durations of `phases` in their order, then the launch totals: the rows of the phase
    /// tables and charts of a run whose launches ran those phases.
    package static func phasesThenTotals(_ phases: [PhaseName]) -> [MetricName] {
        phases.map { .phase($0) } + launchTotals
    }
}
