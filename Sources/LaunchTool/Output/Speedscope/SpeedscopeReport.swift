import Foundation
import LaunchTrace

/// The stacks of a run as a speedscope file: one sampled profile per thread of each launch
/// (`SampleApp launch 1 · main thread`, then its other threads in the order of their first
/// sample; a launch without samples gets one empty profile of its main thread), weights in
/// microseconds of thread time (see ``MainThreadProfile``), each stack rooted in its phase
/// (`[didFinishLaunching]`) as in ``FoldedStacks``. The thread is the profile, so stacks have no
/// thread frame.
///
/// ```swift
/// let json = try SpeedscopeReport(name: "SampleApp").render(profiles)
/// ```
package struct SpeedscopeReport: Sendable, Equatable {
    /// The schema every speedscope file names.
    package static let schemaURL = "https://www.speedscope.app/file-format-schema.json"

    /// The file's name (the app's name).
    package var name: String
    /// The `exporter` field.
    package var exporter: String

    /// Creates a renderer.
    package init(name: String, exporter: String = "launchprof") {
        self.name = name
        self.exporter = exporter
    }

    /// The file's contents.
    package func file(_ profiles: [MainThreadProfile]) -> SpeedscopeFile {
        var frames = SharedFrames()
        var result: [SpeedscopeFile.Profile] = []
        for profile in profiles {
            let threads = profile.threadNames
            for thread in threads.isEmpty ? [WeightedStack.mainThreadName] : threads {
                var samples: [[Int]] = []
                var weights: [Double] = []
                for sample in profile.samples where sample.threadName == thread {
                    let root = frames.index(of: ProfileFrame(name: FoldedStacks.phaseFrame(sample.phase)))
                    samples.append([root] + sample.stack.map { frames.index(of: profile.frames[$0]) })
                    weights.append(Double(sample.weightNs) / 1000)
                }
                result.append(
                    SpeedscopeFile.Profile(
                        type: "sampled", name: "\(name) launch \(profile.runIndex) · \(thread)", unit: "microseconds",
                        startValue: 0, endValue: weights.reduce(0, +), samples: samples, weights: weights
                    ))
            }
        }
        return SpeedscopeFile(
            schema: Self.schemaURL, shared: .init(frames: frames.frames), profiles: result,
            name: "\(name) launches", activeProfileIndex: 0, exporter: exporter
        )
    }

    /// The file as sorted, pretty-printed JSON, ending with a newline.
    package func render(_ profiles: [MainThreadProfile]) throws -> String {
        String(decoding: try TraceJSON.makeEncoder().encode(file(profiles)), as: UTF8.self) + "\n"
    }

    /// The shared frame table, each distinct frame once, in first-use order.
    private struct SharedFrames {
        var frames: [SpeedscopeFile.Frame] = []
        private var index: [ProfileFrame: Int] = [:]

        mutating func index(of frame: ProfileFrame) -> Int {
            if let existing = index[frame] { return existing }
            index[frame] = frames.count
            frames.append(SpeedscopeFile.Frame(name: frame.name, file: frame.file, line: frame.line))
            return frames.count - 1
        }
    }
}
