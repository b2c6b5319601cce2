/// What ran as one build of a comparison and how many of its launches were measured.
public struct ComparedBuild: Codable, Sendable, Equatable {
    /// The executable's path.
    public var executable: String
    /// Its arguments.
    public var arguments: [String]
    /// The extra environment of its launches.
    public var environment: [String: String]
    /// Measured launches (warm-up excluded).
    public var launches: Int
    /// The folder of its traces, `summary.json` and `launches.json`.
    public var folder: String

    /// Creates a description of one build.
    public init(executable: String, arguments: [String], environment: [String: String], launches: Int, folder: String) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.launches = launches
        self.folder = folder
    }
}
