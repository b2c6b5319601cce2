import Foundation
import LaunchRunner
import LaunchTrace

extension RunSummary {
    /// Reads a summary written by ``write(to:)`` (a run's or a saved baseline), checking its
    /// schema version first and its values after (``RunSummaryValidator``: no sample or
    /// statistic a launch cannot produce, such as `1e308` ns).
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path and the problem.
    package static func read(from url: URL) throws -> RunSummary {
        let summary = try SchemaVersionCheck.read(
            RunSummary.self, from: url, expected: currentSchemaVersion, what: "run summary", upgrades: upgrades)
        try RunSummaryValidator(file: url.path).validate(summary)
        return summary
    }

    /// Writes the summary atomically as sorted, pretty-printed JSON; `json`, when given, is
    /// its ``untaggedJSON()`` made already (the verdicts hold the same).
    package func write(to url: URL, json: [UInt8]? = nil) throws {
        var bytes = try TraceJSON.tagging(json ?? untaggedJSON(), schema: .summary)
        bytes.append(0x0A)
        try AtomicFile.write(Data(bytes), to: url)
    }

    /// The summary's JSON, byte for byte `TraceJSON.encode(self, schema: .summary)`, its launch
    /// records written directly (``RecordListSplicer``).
    package func encodedJSON() throws -> Data {
        Data(try TraceJSON.tagging(untaggedJSON(), schema: .summary))
    }

    /// The summary's JSON without `$schema`, as `TraceJSON.makeEncoder()` prints it, its launch
    /// records written directly: what `summary.json` and `verdicts.json` both hold, encoded once.
    package func untaggedJSON() throws -> [UInt8] {
        let (bare, lists) = withoutRecordLists
        return try RecordListSplicer.splice(TraceJSON.makeEncoder().encode(bare), lists: lists)
    }

    /// The summary with its lists of launch records empty, and the lists by key in their sorted
    /// order (for ``RecordListSplicer``, also where the summary is part of another document).
    package var withoutRecordLists: (bare: RunSummary, lists: [(key: String, records: [LaunchRecord])]) {
        var bare = self
        bare.launches = []
        if bare.preMainLaunches != nil { bare.preMainLaunches = [] }
        if bare.measurementLaunches != nil { bare.measurementLaunches = [] }
        let lists: [(key: String, records: [LaunchRecord])] = [
            (LaunchKind.diagnosis.recordsKey, launches),
            (LaunchKind.measurement.recordsKey, measurementLaunches ?? []),
            (LaunchKind.preMain.recordsKey, preMainLaunches ?? []),
        ]
        return (bare, lists)
    }
}
