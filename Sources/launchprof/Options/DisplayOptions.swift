import ArgumentParser
import LaunchRunner
import LaunchTrace

extension DisplayKind: ExpressibleByArgument {}

/// The display the launched programs get: `run`, `trace` and `compare` adopt this group.
struct DisplayOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The display of the launched program: x11 (a headless X server, Xvfb), wayland (a headless Wayland compositor, weston), host (DISPLAY or WAYLAND_DISPLAY). A headless one is started once for the run and ended with everything on it. Default: the host's for --ready-when window or frame, else a headless X server when there is none.",
            valueName: DisplayKind.allCases.map(\.rawValue).joined(separator: "|")
        ))
    var display: DisplayKind?

    /// Opens the display these options and `readiness` ask for (nil when none is needed) and
    /// gives it to each specification's launches.
    func open(for specifications: inout [LaunchSpecification]) throws -> DisplaySession? {
        let condition = specifications.first?.readiness.condition
        guard let session = try DisplaySession.open(display, readiness: condition) else { return nil }
        var set: [String: String] = [:]
        for index in specifications.indices { set.merge(session.apply(to: &specifications[index])) { $1 } }
        if !set.isEmpty {
            let assignments = set.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            StandardStream.error.writeLine(
                "launchprof: the launches on \(session.address.description) get \(assignments) (how toolkits choose their display; a value of your own is kept)."
            )
        }
        return session
    }
}
