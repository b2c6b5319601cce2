// A plain command-line tool and server (it knows nothing of the profiler) whose launches wait
// for other threads, for the thread-following profile's tests:
//
//     FixtureTool async-cpu [--ms 100]
//     FixtureTool sleep-after-await [--ms 30] [--sleep-ms 40]
//     FixtureTool join [--ms 60]
//     FixtureTool background [--ms 40] [--background-ms 200]
//     FixtureTool server [--threads 2] [--warm-ms 30] [--port 0]
//     FixtureTool pipeline [--ms 60]
//     FixtureTool busy-main [--ms 200]
//     FixtureTool busy-pool [--ms 100]
//     FixtureTool cpu-main [--ms 100]
//     FixtureTool fault-in [--pages 1500]
//
// Each prints `ready` when ready, then exits 0 (the server runs until SIGTERM or SIGINT); a bad
// command line is one line on standard error and exit status 2.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The program: parses the command line and runs its mode.
@main
struct FixtureTool {
    /// Runs the mode the command line names.
    static func main() async {
        let options: Options
        do {
            options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            Output.error("FixtureTool: \(error.message)")
            exit(2)
        }
        switch options.mode {
        case .asyncCPU: await asyncCPU(milliseconds: options["ms"])
        case .sleepAfterAwait:
            await sleepAfterAwait(milliseconds: options["ms"], sleepMilliseconds: options["sleep-ms"])
        case .join: join(milliseconds: options["ms"])
        case .background: background(milliseconds: options["ms"], backgroundMilliseconds: options["background-ms"])
        case .server:
            Server.run(threads: options["threads"], warmMilliseconds: options["warm-ms"], port: options["port"])
        case .pipeline:
            Output.error("pipeline: \(Pipeline.prime(milliseconds: options["ms"]))")
            Output.line("ready")
        case .busyMain:
            Output.error("mainSpin: \(mainSpin(milliseconds: options["ms"]))")
            Output.line("ready")
        case .busyPool:
            let milliseconds = options["ms"]
            let value = await Task.detached { poolSpin(milliseconds: milliseconds) }.value
            Output.error("poolSpin: \(value)")
            Output.line("ready")
        case .cpuMain:
            Output.error("mainCrunch: \(mainCrunch(milliseconds: options["ms"]))")
            Output.line("ready")
        case .faultIn:
            Output.error("faultIn: \(faultIn(pages: options["pages"]))")
            Output.line("ready")
        }
    }

    /// `async-cpu`: awaits `crunch` on Swift's cooperative pool, then ready.
    @inline(never)
    static func asyncCPU(milliseconds: Int) async {
        let value = await Task.detached { crunch(milliseconds: milliseconds) }.value
        Output.error("crunch: \(value)")
        Output.line("ready")
    }

    /// `sleep-after-await`: awaits `crunch` on the pool, then `settle` blocks whichever thread
    /// resumed after the await, then ready.
    @inline(never)
    static func sleepAfterAwait(milliseconds: Int, sleepMilliseconds: Int) async {
        let value = await Task.detached { crunch(milliseconds: milliseconds) }.value
        Output.error("crunch: \(value)")
        settle(milliseconds: sleepMilliseconds)
        Output.line("ready")
    }

    /// `join`: the main thread starts the `fixture-worker` pthread and joins it, then ready.
    @inline(never)
    static func join(milliseconds: Int) {
        let worker = SpinThread.start(name: "fixture-worker") { workerCrunch(milliseconds: milliseconds) }
        pthread_join(worker, nil)
        Output.line("ready")
    }

    /// `background`: the `fixture-bg` pthread spins while the main thread does its own work;
    /// ready, and exit without waiting for the thread.
    @inline(never)
    static func background(milliseconds: Int, backgroundMilliseconds: Int) {
        _ = SpinThread.start(name: "fixture-bg") { backgroundSpin(milliseconds: backgroundMilliseconds) }
        let value = mainCrunch(milliseconds: milliseconds)
        Output.error("mainCrunch: \(value)")
        Output.line("ready")
        exit(0)
    }
}
