/// FixtureTool's command line: the mode (the first argument), then `--name value` integer
/// options, each of which has a default that depends on the mode.
struct Options {
    /// What a launch of FixtureTool does.
    enum Mode: String, CaseIterable {
        /// An async main awaiting CPU work on Swift's cooperative pool.
        case asyncCPU = "async-cpu"
        /// The same, then a blocking sleep on the thread that runs the code after the await.
        case sleepAfterAwait = "sleep-after-await"
        /// The main thread joins a pthread that computes.
        case join
        /// A pthread computes while the main thread does its own work and exits without it.
        case background
        /// A SwiftNIO server that warms every event loop before it binds.
        case server
        /// Pushes messages through a SwiftNIO channel pipeline (a statically linked dependency
        /// doing the work the program asked for), then ready.
        case pipeline
        /// The main thread spins for a length of wall time (`mainSpin`), then ready.
        case busyMain = "busy-main"
        /// An async main awaiting a spin of a length of wall time on the cooperative pool (`poolSpin`).
        case busyPool = "busy-pool"
        /// The main thread computes until it has used a length of CPU time (`mainCrunch`), then
        /// ready: the same work however busy the machine, so a busier one only adds waits for a CPU.
        case cpuMain = "cpu-main"
        /// The main thread reads a byte of each of the last pages of FixtureTool's own file,
        /// mapped after its cached pages were dropped (`faultIn`), then ready: major page faults,
        /// no system call.
        case faultIn = "fault-in"

        /// The options the mode takes (names without their dashes) and their defaults.
        var defaults: [String: Int] {
            switch self {
            case .asyncCPU: ["ms": 100]
            case .sleepAfterAwait: ["ms": 30, "sleep-ms": 40]
            case .join: ["ms": 60]
            case .background: ["ms": 40, "background-ms": 200]
            case .server: ["threads": 2, "warm-ms": 30, "port": 0]
            case .pipeline: ["ms": 60]
            case .busyMain: ["ms": 200]
            case .busyPool: ["ms": 100]
            case .cpuMain: ["ms": 100]
            case .faultIn: ["pages": 1500]
            }
        }
    }

    /// A command line FixtureTool refuses; the message names the argument.
    struct UsageError: Error {
        /// One line saying what is wrong with which argument.
        let message: String
    }

    /// The mode to run.
    let mode: Mode
    /// Every option of the mode: the command line's value, or the mode's default.
    private let values: [String: Int]

    /// Parses `arguments` (the command line without the program's name).
    init(arguments: [String]) throws(UsageError) {
        let modes = Mode.allCases.map(\.rawValue).joined(separator: ", ")
        guard let first = arguments.first else { throw UsageError(message: "missing mode (one of \(modes))") }
        guard let mode = Mode(rawValue: first) else {
            throw UsageError(message: "unknown mode '\(first)' (one of \(modes))")
        }
        var values = mode.defaults
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            let name = String(argument.dropFirst(2))
            guard argument.hasPrefix("--"), values[name] != nil else {
                throw UsageError(message: "unknown argument '\(argument)' for mode \(first)")
            }
            guard let text = rest.popFirst() else { throw UsageError(message: "\(argument) needs a value") }
            let range = Self.range(of: name)
            guard let value = Int(text), range.contains(value) else {
                throw UsageError(message: "bad value '\(text)' for \(argument) (an integer in \(range))")
            }
            values[name] = value
        }
        self.mode = mode
        self.values = values
    }

    /// The value of the option `name` (without its dashes), which the mode must take.
    subscript(name: String) -> Int {
        guard let value = values[name] else { preconditionFailure("mode \(mode.rawValue) has no option \(name)") }
        return value
    }

    /// The values the option `name` accepts.
    private static func range(of name: String) -> ClosedRange<Int> {
        switch name {
        case "threads": 1...256
        case "port": 0...65_535
        default: 0...3_600_000
        }
    }
}
