import LaunchKit

/// What FixtureApp does, from `FIXTURE_BEHAVIOR`.
enum FixtureBehavior: Equatable {
    /// Launches and runs like any app (the default).
    case normal
    /// Prints each delegate callback's name on its own line, flushed.
    case lifecycle
    /// `abort()` in didFinishLaunching.
    case crash
    /// `abort()` in didFinishLaunching of the launch whose `LAUNCHPROF_RUN_INDEX` is this
    /// number; other launches run normally.
    case crashOnRun(Int)
    /// Never finishes launching: sleeps forever in didFinishLaunching.
    case hang
    /// `exit(0)` in didFinishLaunching, before any exit point writes a trace.
    case noTrace
    /// `exit(3)` in didFinishLaunching.
    case exitError
    /// Sleeps this many milliseconds in didFinishLaunching (`FixtureWork.sleepOnMain`).
    case sleep(milliseconds: Int)
    /// Sleeps the first number of milliseconds in launches with an odd `LAUNCHPROF_RUN_INDEX`
    /// and the second in even ones (`sleepByRun:10,30`): a run whose spread straddles a limit.
    case sleepByRun(odd: Int, even: Int)
    /// Spins the CPU this many milliseconds in didFinishLaunching (`FixtureWork.spinOnMain`).
    case spin(milliseconds: Int)
    /// A fixed amount of CPU work (this many million steps) 30 frames deep in
    /// didFinishLaunching (`FixtureWork.computeOnMain`): how long it takes shows what a
    /// sampler costs a CPU-bound main thread.
    case work(millions: Int)
    /// Makes one blocking call on the main thread in didFinishLaunching (`block:<call>:<ms>`,
    /// see ``FixtureBlocking``); exits 7 if the call saw EINTR or returned early.
    case block(BlockingCallKind, milliseconds: Int)
    /// Spins this many milliseconds in C code without frame pointers, RBP full of garbage
    /// (`noFramePointers:<ms>`, default 300).
    case noFramePointers(milliseconds: Int)
    /// Names a delegate class that does not exist.
    case badDelegate
    /// Reads the file named by `FIXTURE_FILE` in `count` chunks of 64 KiB on the main thread in
    /// `willFinishLaunching`.
    case readChunks(count: Int)
    /// Burns this many milliseconds of the main thread's CPU time in the root view controller's
    /// `viewDidLoad` (the `firstVisibleWindow` phase).
    case cpuInViewDidLoad(milliseconds: Int)
    /// Names a class that exists but is not a UIApplicationDelegate.
    case wrongKindDelegate
    /// Sleeps this long in didFinishLaunching only when the tracer is preloaded (a diagnosis
    /// launch): an app the instruments slow down.
    case slowerWhenTraced(milliseconds: Int)

    /// The behaviour chosen by the environment.
    static var current: FixtureBehavior {
        let raw = ProcessInfo.processInfo.environment["FIXTURE_BEHAVIOR"] ?? "normal"
        guard let behavior = FixtureBehavior(raw) else {
            FileHandle.standardError.write(
                Data(
                    "FixtureApp: FIXTURE_BEHAVIOR=\(raw) is not one of normal, lifecycle, crash, crashOnRun:<n>, hang, noTrace, exitError, sleep:<ms>, sleepByRun:<odd>,<even>, spin:<ms>, work:<millions>, readChunks:<count> (of FIXTURE_FILE), cpuInViewDidLoad:<ms>, slowerWhenTraced:<ms>, block:<call>:<ms> (call: \(BlockingCallKind.allCases.map(\.rawValue).joined(separator: ", "))), noFramePointers[:<ms>], badDelegate, wrongKindDelegate.\n"
                        .utf8))
            exit(2)
        }
        return behavior
    }

    /// Parses `normal`, `sleep:250` and the like.
    init?(_ raw: String) {
        if raw.hasPrefix("block:") {
            let parts = raw.split(separator: ":").map(String.init)
            guard parts.count == 3, let kind = BlockingCallKind(rawValue: parts[1]), let ms = Int(parts[2]), ms >= 0
            else { return nil }
            self = .block(kind, milliseconds: ms)
            return
        }
        if raw == "noFramePointers" {
            self = .noFramePointers(milliseconds: 300)
            return
        }
        let parts = raw.split(separator: ":", maxSplits: 1).map(String.init)
        if parts.first == "sleepByRun", parts.count == 2 {
            let values = parts[1].split(separator: ",").compactMap { Int($0) }
            guard values.count == 2, values.allSatisfy({ $0 >= 0 }) else { return nil }
            self = .sleepByRun(odd: values[0], even: values[1])
            return
        }
        switch (parts.first ?? "", parts.count == 2 ? Int(parts[1]) : nil) {
        case ("normal", _): self = .normal
        case ("lifecycle", _): self = .lifecycle
        case ("crash", _): self = .crash
        case ("crashOnRun", let run?): self = .crashOnRun(run)
        case ("hang", _): self = .hang
        case ("noTrace", _): self = .noTrace
        case ("exitError", _): self = .exitError
        case ("sleep", let milliseconds?) where milliseconds >= 0: self = .sleep(milliseconds: milliseconds)
        case ("spin", let milliseconds?) where milliseconds >= 0: self = .spin(milliseconds: milliseconds)
        case ("readChunks", let count?) where count >= 0: self = .readChunks(count: count)
        case ("cpuInViewDidLoad", let milliseconds?) where milliseconds >= 0:
            self = .cpuInViewDidLoad(milliseconds: milliseconds)
        case ("work", let millions?) where millions >= 0: self = .work(millions: millions)
        case ("noFramePointers", let milliseconds?) where milliseconds >= 0:
            self = .noFramePointers(milliseconds: milliseconds)
        case ("slowerWhenTraced", let milliseconds?) where milliseconds >= 0:
            self = .slowerWhenTraced(milliseconds: milliseconds)
        case ("badDelegate", _): self = .badDelegate
        case ("wrongKindDelegate", _): self = .wrongKindDelegate
        default: return nil
        }
    }
}
