import LaunchRunner
import LaunchTrace

extension RunManifest {
    /// The records of the launches of `kind` (nil for an absent optional list), each kind's list
    /// under its ``LaunchTrace/LaunchKind/recordsKey``.
    package subscript(kind: LaunchKind) -> [LaunchRecord]? {
        get {
            switch kind {
            case .diagnosis: launches
            case .measurement: measurementLaunches
            case .preMain: preMainLaunches
            case .warmup: warmupLaunches
            case .primer: primerLaunches
            }
        }
        set {
            switch kind {
            case .diagnosis: launches = newValue ?? []
            case .measurement: measurementLaunches = newValue
            case .preMain: preMainLaunches = newValue
            case .warmup: warmupLaunches = newValue
            case .primer: primerLaunches = newValue
            }
        }
    }

    /// The manifest with every list of records empty (absent ones left absent).
    var withoutRecords: RunManifest {
        var bare = self
        for kind in LaunchKind.allCases where bare[kind] != nil { bare[kind] = [] }
        return bare
    }

    /// The manifest with the records a run's journal holds beyond it: each list that the
    /// journal holds more records of is the journal's (a run killed before it wrote its last
    /// `launches.json` journalled every launch since the first).
    package func merging(_ entries: [RunJournalEntry]) -> RunManifest {
        var merged = self
        for kind in LaunchKind.allCases {
            let journalled = entries.filter { $0.kind == kind }.map(\.record)
            if journalled.count > (self[kind]?.count ?? 0) { merged[kind] = journalled }
        }
        return merged
    }
}
