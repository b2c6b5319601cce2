// A small server for the readiness tests: after `--delay-ms`, it listens on `--port`, prints
// "listening on port N", creates `--file`, and sends READY=1 on NOTIFY_SOCKET; then it waits
// for SIGTERM and exits 0. `--never-ready` skips all of that; `--ignore-term` ignores SIGTERM.
// `--phases` makes it a LaunchProbe program: phases database (30 ms), migrations (10 ms),
// routes (20 ms) and bind, then `ready()` (LaunchProbe's exit point), then the same signals.
// `--sin N` is a LaunchProbe program whose top-level code calls libm's `sin` N times in its
// `database` phase (3,000,000: about 30 ms here), then `ready()`, and exits.
import Foundation
import LaunchProbe
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

let options = FixtureServerOptions(arguments: Array(CommandLine.arguments.dropFirst()))
if options.ignoreTerm { signal(SIGTERM, SIG_IGN) }
if options.sinCalls > 0 {
    LaunchProbe.shared.begin("database")
    var total = 0.0
    var index = 0
    while index < options.sinCalls {
        total += sin(Double(index) * 0.001)
        index += 1
    }
    LaunchProbe.shared.begin("bind")
    LaunchProbe.shared.ready()
    FileHandle.standardError.write(Data("sin: \(total)\n".utf8))
    exit(0)
}
if options.phases {
    let listener = FixtureServerOptions.runPhases(port: options.port, file: options.file)
    while true { pause() }
    withExtendedLifetime(listener) {}
} else if !options.neverReady {
    usleep(UInt32(options.delayMs * 1000))
    let listener = options.port.map(FixtureServerOptions.listen(port:))
    FixtureServerOptions.signalReady(port: options.port, file: options.file)
    withExtendedLifetime(listener) {}
}
while true { pause() }
