/// The search of a bisect over a linear range of commits: which commit to build next and, once
/// nothing is left to build, what the verdicts so far conclude.
///
/// The range holds the commits after the good one, oldest first, the bad one last. The bad
/// commit is taken to be bad until it is measured; it is measured only when the search would
/// otherwise name it, so a bisect whose culprit is inside the range never builds it. A skipped
/// commit is stepped around (the nearest other commit to the middle is built, the later one on
/// a tie); an undecided step ends the search.
///
/// ```swift
/// var search = BisectSearch(commits: range)
/// while let index = search.next() { search.record(measure(range[index]), at: index) }
/// print(search.conclusion)
/// ```
package struct BisectSearch: Sendable, Equatable {
    /// The commits after the good one through the bad one, oldest first.
    package let commits: [String]
    /// The verdict of every commit measured so far, by index.
    package private(set) var verdicts: [Int: BisectVerdict] = [:]

    /// Creates a search over `commits` (after the good commit, through the bad one).
    package init(commits: [String]) {
        self.commits = commits
    }

    /// Records the verdict of the commit at `index`.
    package mutating func record(_ verdict: BisectVerdict, at index: Int) {
        verdicts[index] = verdict
    }

    /// Records the verdict of `commit`, if it is in the range.
    package mutating func record(_ verdict: BisectVerdict, of commit: String) {
        if let index = commits.firstIndex(of: commit) { verdicts[index] = verdict }
    }

    /// The first index that may be the first bad commit: one after the last good commit.
    private var lower: Int {
        (verdicts.filter { $0.value == .good }.map(\.key).max() ?? -1) + 1
    }

    /// The first commit known (or, for the bad commit, taken) to be bad, or between the ends.
    private var upper: Int {
        verdicts.filter { $0.value.isBad }.map(\.key).min() ?? commits.count - 1
    }

    /// The index of the commit to build next, or nil when the search is over.
    package func next() -> Int? {
        guard !commits.isEmpty, !isStopped else { return nil }
        let (low, high) = (lower, upper)
        guard low <= high else { return nil }
        let open = (low..<high).filter { verdicts[$0] == nil }
        let middle = Double(low + high) / 2 - 0.5
        if let best = open.min(by: { distance($0, middle) < distance($1, middle) }) { return best }
        // Only the bad commit itself is left unmeasured: measure it before naming it.
        return verdicts[high] == nil ? high : nil
    }

    /// The distance of `index` from `middle`, a later commit nearer on a tie.
    private func distance(_ index: Int, _ middle: Double) -> Double {
        abs(Double(index) - middle) - (Double(index) > middle ? 0.001 : 0)
    }

    /// Whether an undecided step ended the search.
    private var isStopped: Bool { verdicts.values.contains(.undecided) }

    /// What the verdicts so far conclude (``BisectConclusion/Kind/interrupted`` while
    /// ``next()`` still names a commit).
    package var conclusion: BisectConclusion {
        let (low, high) = (lower, upper)
        guard !commits.isEmpty, low <= high else { return BisectConclusion(kind: .notReproduced, commits: []) }
        let left = Array(commits[low...high])
        if isStopped { return BisectConclusion(kind: .undecided, commits: left) }
        if next() != nil { return BisectConclusion(kind: .interrupted, commits: left) }
        let found = left.count == 1 && verdicts[high]?.isBad == true
        return BisectConclusion(kind: found ? .found : .oneOf, commits: left)
    }
}
