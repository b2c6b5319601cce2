/// The speedscope file format (https://www.speedscope.app/file-format-schema.json), as far as
/// LaunchProfiler writes it: shared frames and sampled profiles.
public struct SpeedscopeFile: Codable, Sendable, Equatable {
    /// A frame of the shared table.
    public struct Frame: Codable, Sendable, Equatable {
        /// Function name.
        public var name: String
        /// Source file or image, when known.
        public var file: String?
        /// Source line, when known.
        public var line: Int?
    }

    /// The frames every profile refers to by index.
    public struct Shared: Codable, Sendable, Equatable {
        /// The frames.
        public var frames: [Frame]
    }

    /// One sampled profile: stacks of frame indexes, root first, with their weights.
    public struct Profile: Codable, Sendable, Equatable {
        /// Always `sampled`.
        public var type: String
        /// The profile's name, shown in speedscope's profile picker.
        public var name: String
        /// Unit of the weights, `startValue` and `endValue`.
        public var unit: String
        /// Start of the profile.
        public var startValue: Double
        /// End of the profile.
        public var endValue: Double
        /// Stacks of indexes into ``Shared/frames``, root first.
        public var samples: [[Int]]
        /// The weight of each sample.
        public var weights: [Double]
    }

    /// The schema URL.
    public var schema: String
    /// Shared frames.
    public var shared: Shared
    /// Profiles.
    public var profiles: [Profile]
    /// The file's name.
    public var name: String
    /// Which profile opens first.
    public var activeProfileIndex: Int
    /// The program that wrote the file.
    public var exporter: String

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case shared, profiles, name, activeProfileIndex, exporter
    }
}
