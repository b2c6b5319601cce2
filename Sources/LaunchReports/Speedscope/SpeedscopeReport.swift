import Foundation
import LaunchTrace

/// The main-thread samples of a run as a speedscope file: one sampled profile per launch,
/// weights in microseconds of main-thread time (see ``MainThreadProfile``), each stack rooted
/// in its phase (`[didFinishLaunching]`) as in ``FoldedStacks``.
///
/// ```swift
/// let json = try SpeedscopeReport(name: "SampleApp").render(profiles)
/// ```
public struct SpeedscopeReport: Sendable, Equatable {
    /// The schema every speedscope file names.
    public static let schemaURL = "https://www.speedscope.app/file-format-schema.json"

    /// The file's name (the app's name).
    public var name: String
    /// The `exporter` field.
    public var exporter: String

    /// Creates a renderer.
    public init(name: String, exporter: String = "launchprof") {
        self.name = name
        self.exporter = exporter
    }

    /// The file's contents.
    public func file(_ profiles: [MainThreadProfile]) -> SpeedscopeFile {
        var frames: [SpeedscopeFile.Frame] = []
        var index: [ProfileFrame: Int] = [:]
        func intern(_ frame: ProfileFrame) -> Int {
            if let existing = index[frame] { return existing }
            index[frame] = frames.count
            frames.append(SpeedscopeFile.Frame(name: frame.name, file: frame.file, line: frame.line))
            return frames.count - 1
        }
        var result: [SpeedscopeFile.Profile] = []
        for profile in profiles {
            var samples: [[Int]] = []
            var weights: [Double] = []
            for sample in profile.samples {
                let root = intern(ProfileFrame(name: FoldedStacks.phaseFrame(sample.phase)))
                samples.append([root] + sample.stack.map { intern(profile.frames[$0]) })
                weights.append(Double(sample.weightNs) / 1000)
            }
            result.append(
                SpeedscopeFile.Profile(
                    type: "sampled", name: "\(name) launch \(profile.runIndex)", unit: "microseconds",
                    startValue: 0, endValue: weights.reduce(0, +), samples: samples, weights: weights
                ))
        }
        return SpeedscopeFile(
            schema: Self.schemaURL, shared: .init(frames: frames), profiles: result,
            name: "\(name) main thread", activeProfileIndex: 0, exporter: exporter
        )
    }

    /// The file as sorted, pretty-printed JSON, ending with a newline.
    public func render(_ profiles: [MainThreadProfile]) throws -> String {
        String(decoding: try TraceJSON.makeEncoder().encode(file(profiles)), as: UTF8.self) + "\n"
    }
}
