import LaunchRunner

/// Cold scenario: what the page-cache evictions before the measured launches did (medians).
package struct EvictionSummary: Sendable, Equatable {
    /// Median bytes evicted before a launch.
    package var medianEvictedBytes: Int64
    /// Median bytes that stayed resident because running processes map them.
    package var medianResidentBytes: Int64
    /// Files of the app that are evicted (executable, libraries, resources).
    package var fileCount: Int

    /// Creates a summary.
    package init(medianEvictedBytes: Int64, medianResidentBytes: Int64, fileCount: Int) {
        self.medianEvictedBytes = medianEvictedBytes
        self.medianResidentBytes = medianResidentBytes
        self.fileCount = fileCount
    }

    /// The summary of a session's evictions, or nil when it evicted nothing.
    init?(_ session: LaunchSession) {
        guard let evictor = session.evictor, !session.evictions.isEmpty else { return nil }
        let middle = session.evictions.count / 2
        self.init(
            medianEvictedBytes: session.evictions.map(\.evictedBytes).sorted()[middle],
            medianResidentBytes: session.evictions.map(\.residentAfterBytes).sorted()[middle],
            fileCount: evictor.files.count
        )
    }
}
