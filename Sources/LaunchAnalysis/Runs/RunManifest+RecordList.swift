import LaunchTrace

extension RunManifest {
    /// The lists of launch records in a manifest, by their JSON keys.
    public enum RecordList: String, Codable, Sendable, CaseIterable {
        /// ``RunManifest/launches``: the diagnosis (profiled) launches.
        case launches
        /// ``RunManifest/timingLaunches``: the measurement and timing launches.
        case timingLaunches
        /// ``RunManifest/preMainLaunches``.
        case preMainLaunches
        /// ``RunManifest/warmupLaunches``.
        case warmupLaunches
        /// ``RunManifest/primerLaunches``.
        case primerLaunches
    }

    /// The records of `list` (nil for an absent optional list).
    public subscript(list: RecordList) -> [LaunchRecord]? {
        get {
            switch list {
            case .launches: launches
            case .timingLaunches: timingLaunches
            case .preMainLaunches: preMainLaunches
            case .warmupLaunches: warmupLaunches
            case .primerLaunches: primerLaunches
            }
        }
        set {
            switch list {
            case .launches: launches = newValue ?? []
            case .timingLaunches: timingLaunches = newValue
            case .preMainLaunches: preMainLaunches = newValue
            case .warmupLaunches: warmupLaunches = newValue
            case .primerLaunches: primerLaunches = newValue
            }
        }
    }

    /// The manifest with every list of records empty (absent ones left absent).
    var withoutRecords: RunManifest {
        var bare = self
        for list in RecordList.allCases where bare[list] != nil { bare[list] = [] }
        return bare
    }

    /// The manifest with the records a run's journal holds beyond it: each list that the
    /// journal holds more records of is the journal's (a run killed before it wrote its last
    /// `launches.json` journalled every launch since the first).
    public func merging(_ entries: [RunJournalEntry]) -> RunManifest {
        var merged = self
        for list in RecordList.allCases {
            let journalled = entries.filter { $0.list == list }.map(\.record)
            if journalled.count > (self[list]?.count ?? 0) { merged[list] = journalled }
        }
        return merged
    }
}
