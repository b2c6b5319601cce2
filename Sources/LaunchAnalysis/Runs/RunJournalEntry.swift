import LaunchTrace

/// One line of a run's journal (``RunJournal``): a launch record and the list of
/// `launches.json` it belongs to.
///
/// ```json
/// {"list":"timingLaunches","record":{"index":3,"outcome":"completed","wallNs":1650000,…},"schemaVersion":1}
/// ```
public struct RunJournalEntry: Codable, Sendable, Equatable {
    /// The format version this library reads and writes.
    public static let currentSchemaVersion = 1

    /// Format version of the line.
    public var schemaVersion: Int
    /// The manifest's list the record belongs to.
    public var list: RunManifest.RecordList
    /// The launch's record.
    public var record: LaunchRecord

    enum CodingKeys: String, CodingKey {
        case schemaVersion, list, record
    }

    /// Creates an entry of the current format version.
    public init(list: RunManifest.RecordList, record: LaunchRecord) {
        schemaVersion = Self.currentSchemaVersion
        self.list = list
        self.record = record
    }
}
