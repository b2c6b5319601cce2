import LaunchTool
import Testing

/// The search of a bisect on deterministic verdicts: the commit built next, the builds it takes,
/// and what it concludes when commits are skipped, undecided or the regression is not there.
@Suite("Bisect search")
struct BisectSearchTests {
    /// c2…c8 (the commits after c1, the good one); c8 is the bad one.
    let range = (2...8).map { "c\($0)" }

    /// Runs the search to its end with `verdict` for each commit built; returns the commits built
    /// in order and the conclusion.
    func bisect(_ verdict: (String) -> BisectVerdict) -> (built: [String], conclusion: BisectConclusion) {
        var search = BisectSearch(commits: range)
        var built: [String] = []
        while let index = search.next() {
            built.append(range[index])
            search.record(verdict(range[index]), at: index)
            #expect(built.count <= range.count, "the search must end")
            if built.count > range.count { break }
        }
        return (built, search.conclusion)
    }

    /// The verdict of a range whose first bad commit is `culprit` (commits are numbered `cN`).
    func regression(at culprit: Int, broken: Set<Int> = []) -> (String) -> BisectVerdict {
        { commit in
            let number = Int(commit.dropFirst())!
            if broken.contains(number) { return .skipped }
            return number >= culprit ? .bad : .good
        }
    }

    @Test(
        "every culprit of the range is found in at most three steps, the bad commit never built when it is not the culprit"
    )
    func everyCulprit() {
        for culprit in 2...8 {
            let (built, conclusion) = bisect(regression(at: culprit))
            #expect(conclusion == BisectConclusion(kind: .found, commits: ["c\(culprit)"]), "culprit c\(culprit)")
            #expect(built.count <= 3, "culprit c\(culprit): built \(built)")
            #expect(built.contains("c\(culprit)"), "the culprit is measured before it is named: \(built)")
            if culprit != 8 { #expect(!built.contains("c8")) }
        }
    }

    @Test("the fifth of eight commits with the third broken: c5, c3 skipped, c4, three steps")
    func skippedNeighbour() {
        let (built, conclusion) = bisect(regression(at: 5, broken: [3]))
        #expect(built == ["c5", "c3", "c4"])
        #expect(conclusion == BisectConclusion(kind: .found, commits: ["c5"]))
    }

    @Test("a skipped commit just before the culprit leaves both as candidates")
    func ambiguous() {
        let (built, conclusion) = bisect(regression(at: 5, broken: [4]))
        #expect(conclusion == BisectConclusion(kind: .oneOf, commits: ["c4", "c5"]), "\(built)")
    }

    @Test("a commit between the ends is taken as bad: the first commit with part of the regression is found")
    func between() {
        let (built, conclusion) = bisect { commit in
            let number = Int(commit.dropFirst())!
            return number >= 7 ? .bad : (number >= 5 ? .between : .good)
        }
        #expect(conclusion == BisectConclusion(kind: .found, commits: ["c5"]), "\(built)")
    }

    @Test("an undecided step stops the search with the range left, nothing guessed")
    func undecided() {
        let (built, conclusion) = bisect { $0 == "c5" ? .undecided : .bad }
        #expect(built == ["c5"])
        #expect(conclusion.kind == .undecided)
        #expect(conclusion.commits == range)
    }

    @Test("a bad commit that is not slower: not reproduced, after measuring it")
    func notReproduced() {
        let (built, conclusion) = bisect { _ in .good }
        #expect(built.last == "c8")
        #expect(conclusion == BisectConclusion(kind: .notReproduced, commits: []))
    }

    @Test("a range of one commit measures it before naming it")
    func oneCommit() {
        var search = BisectSearch(commits: ["c2"])
        #expect(search.next() == 0)
        #expect(search.conclusion.kind == .interrupted)
        search.record(.bad, at: 0)
        #expect(search.next() == nil)
        #expect(search.conclusion == BisectConclusion(kind: .found, commits: ["c2"]))
    }

    @Test("a search stopped midway says which commits are left")
    func interrupted() {
        var search = BisectSearch(commits: range)
        search.record(.bad, of: "c5")
        #expect(search.conclusion == BisectConclusion(kind: .interrupted, commits: ["c2", "c3", "c4", "c5"]))
    }
}
