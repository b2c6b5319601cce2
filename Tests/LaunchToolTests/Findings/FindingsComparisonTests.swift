import LaunchTool
import Testing

/// The findings of two builds matched by key: new in head, gone from it, in both.
@Suite("FindingsComparison")
struct FindingsComparisonTests {
    @Test("a finding only head has is new, one only base has is gone, the rest are in both with both costs")
    func newGoneBoth() throws {
        let all = try FindingsFixture.findings()
        let confident = try #require(all.findings.firstIndex { $0.confidence != .low })
        var base = all
        base.findings.remove(at: confident)
        let side = FindingsComparison(base: base, head: all)
        #expect(side.new.map(\.id) == [all.findings[confident].id])
        #expect(side.gone.isEmpty)
        #expect(side.both.count == all.findings.count - 1)
        #expect(side.both.allSatisfy { $0.baseMedianCostNs > 0 && $0.headMedianCostNs > 0 })
        let reverse = FindingsComparison(base: all, head: base)
        #expect(reverse.gone.map(\.id) == [all.findings[confident].id])
        #expect(reverse.new.isEmpty)
    }

    @Test("low-confidence findings are never new or gone; no findings at all is an empty comparison")
    func lowConfidenceAndNil() throws {
        var all = try FindingsFixture.findings()
        for index in all.findings.indices { all.findings[index].confidence = .low }
        #expect(FindingsComparison(base: nil, head: all).new.isEmpty)
        #expect(FindingsComparison(base: all, head: nil).gone.isEmpty)
        let empty = FindingsComparison(base: nil, head: nil)
        #expect(empty.new.isEmpty && empty.gone.isEmpty && empty.both.isEmpty)
    }
}
