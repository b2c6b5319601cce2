/// The JSON Schema of each file LaunchProfiler writes, named in the file's `$schema` key so that
/// editors and validators find it: `schemas/<name>.schema.json` of the repository.
package enum JSONSchemaName: String, Sendable, CaseIterable {
    /// `summary.json` and saved baselines.
    case summary
    /// `launches.json`, the run manifest.
    case launches
    /// `verdicts.json` and `--format json`.
    case verdicts
    /// `comparison.json` and `compare --format json`.
    case comparison
    /// A launch's trace.
    case trace
    /// `history export --format json`.
    case historyExport = "history-export"
    /// `bisect.json` and `bisect --format json`.
    case bisect

    /// Where the schema is published: the repository's `schemas/` folder on its main branch.
    package static let publishedFolder = "https://raw.githubusercontent.com/launchprofiler/launchprofiler/main/schemas/"

    /// The value of `$schema` in a file of this kind.
    package var url: String { Self.publishedFolder + rawValue + ".schema.json" }
}

/// A value encoded with its `$schema` key first, in the same JSON object as its own keys.
struct SchemaTagged<Value: Encodable>: Encodable {
    let schema: JSONSchemaName
    let value: Value

    private enum Key: String, CodingKey { case schema = "$schema" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(schema.url, forKey: .schema)
        try value.encode(to: encoder)
    }
}
