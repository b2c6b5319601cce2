/// What ran as one build of a comparison and how many of its launches were measured.
package struct ComparedBuild: Codable, Sendable, Equatable {
    /// The executable's path.
    package var executable: String
    /// Its arguments.
    package var arguments: [String]
    /// The extra environment of its launches.
    package var environment: [String: String]
    /// Measured launches (warm-up excluded).
    package var launches: Int
    /// The folder of its traces, `summary.json` and `launches.json`.
    package var folder: String

    /// Creates a description of one build.
    package init(executable: String, arguments: [String], environment: [String: String], launches: Int, folder: String)
    {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.launches = launches
        self.folder = folder
    }
}
