import LaunchTrace

/// The samples of every launch (every profiled thread's, see ``MainThreadProfile``), as the
/// HTML report's script reads them to draw the flame graph: frame names shared by index, and
/// per sample its launch, phase, weight in microseconds and stack (root first), rooted in its
/// thread's frame (`main thread`, `thread NAME`) so that the graph splits by thread under the
/// phase frame the script puts on top.
struct FlameGraphData: Encodable {
    struct Sample: Encodable {
        /// Launch index.
        var r: Int
        /// Phase name, or an empty string.
        var p: String
        /// Weight in microseconds.
        var w: Double
        /// Frame indexes, root first: the thread's frame, then the stack.
        var s: [Int]
    }

    var frames: [String]
    var phases: [String]
    var runs: [Int]
    var samples: [Sample]
    var chosenRun: Int?

    init(profiles: [MainThreadProfile], chosenRun: Int?) {
        var frames: [String] = []
        var index: [String: Int] = [:]
        var samples: [Sample] = []
        var phases = Set<LaunchPhase>()
        for profile in profiles {
            for sample in profile.samples {
                let stack = profile.rootedNames(of: sample).map { name -> Int in
                    if let existing = index[name] { return existing }
                    index[name] = frames.count
                    frames.append(name)
                    return frames.count - 1
                }
                if let phase = sample.phase { phases.insert(phase) }
                samples.append(
                    Sample(
                        r: profile.runIndex, p: sample.phase?.rawValue ?? "", w: Double(sample.weightNs) / 1000,
                        s: stack))
            }
        }
        self.frames = frames
        self.phases = phases.sorted().map(\.rawValue)
        self.runs = profiles.filter { !$0.samples.isEmpty }.map(\.runIndex)
        self.samples = samples
        self.chosenRun = chosenRun
    }
}
