/// The speedscope file format (https://www.speedscope.app/file-format-schema.json), as far as
/// LaunchProfiler writes it: shared frames and sampled profiles.
package struct SpeedscopeFile: Codable, Sendable, Equatable {
    /// A frame of the shared table.
    package struct Frame: Codable, Sendable, Equatable {
        /// Function name.
        package var name: String
        /// Source file or image, when known.
        package var file: String?
        /// Source line, when known.
        package var line: Int?
    }

    /// The frames every profile refers to by index.
    package struct Shared: Codable, Sendable, Equatable {
        /// The frames.
        package var frames: [Frame]
    }

    /// One sampled profile: stacks of frame indexes, root first, with their weights.
    package struct Profile: Codable, Sendable, Equatable {
        /// Always `sampled`.
        package var type: String
        /// The profile's name, shown in speedscope's profile picker.
        package var name: String
        /// Unit of the weights, `startValue` and `endValue`.
        package var unit: String
        /// Start of the profile.
        package var startValue: Double
        /// End of the profile.
        package var endValue: Double
        /// Stacks of indexes into ``Shared/frames``, root first.
        package var samples: [[Int]]
        /// The weight of each sample.
        package var weights: [Double]
    }

    /// The schema URL.
    package var schema: String
    /// Shared frames.
    package var shared: Shared
    /// Profiles.
    package var profiles: [Profile]
    /// The file's name.
    package var name: String
    /// Which profile opens first.
    package var activeProfileIndex: Int
    /// The program that wrote the file.
    package var exporter: String

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case shared, profiles, name, activeProfileIndex, exporter
    }
}
