import LaunchRunner
import LaunchTrace

/// One line of a run's journal (``RunJournal``): a launch record and its kind, written as the
/// key of its kind's list in `launches.json` (``LaunchTrace/LaunchKind/recordsKey``).
///
/// ```json
/// {"list":"measurementLaunches","record":{"index":3,"outcome":"completed","wallNs":1650000,…},"schemaVersion":2}
/// ```
package struct RunJournalEntry: Codable, Sendable, Equatable {
    /// The format version this library reads and writes.
    package static let currentSchemaVersion = 2
    /// The older versions still read: 1 named the measurement launches' list `timingLaunches`.
    package static let upgrades = [
        SchemaUpgrade(from: 1, renamedValues: ["list": ["timingLaunches": "measurementLaunches"]])
    ]

    /// Format version of the line.
    package var schemaVersion: Int
    /// The kind of launch the record is of.
    package var kind: LaunchKind
    /// The launch's record.
    package var record: LaunchRecord

    enum CodingKeys: String, CodingKey {
        case schemaVersion, list, record
    }

    /// Creates an entry of the current format version.
    package init(kind: LaunchKind, record: LaunchRecord) {
        schemaVersion = Self.currentSchemaVersion
        self.kind = kind
        self.record = record
    }

    /// Reads an entry, its kind from the key of its list.
    ///
    /// - Throws: `DecodingError` for a list no kind of launch has.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        let key = try container.decode(String.self, forKey: .list)
        guard let kind = LaunchKind(recordsKey: key) else {
            let known = LaunchKind.allCases.map(\.recordsKey).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .list, in: container, debugDescription: "\"\(key)\" is not a list of launches (\(known)).")
        }
        self.kind = kind
        record = try container.decode(LaunchRecord.self, forKey: .record)
    }

    /// Writes the entry, its kind as the key of its list.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(kind.recordsKey, forKey: .list)
        try container.encode(record, forKey: .record)
    }
}
