import LaunchTrace
import Testing

@testable import LaunchTool

/// The differential profile of a comparison on deterministic per-launch findings.
@Suite("Functions whose cost moved")
struct FunctionChangeTests {
    static func finding(_ function: String, ms: Double, kind: BlockingKind = .cpu) -> LaunchFinding {
        LaunchFinding(
            site: FindingSite(function: function, module: "App", kind: kind, phase: .didFinishLaunching),
            costNs: Int64(ms * 1e6), tracedCalls: 0, samples: 1, touchesUI: false, blockingFunctions: [],
            resources: [])
    }

    @Test("a function 10 ms costlier in every head launch moved; one that did not, and noise, did not")
    func movedAndSame() {
        let base = (0..<8).map { i in [Self.finding("parse()", ms: 20 + Double(i % 3)), Self.finding("load()", ms: 5)] }
        let head = (0..<8).map { i in [Self.finding("parse()", ms: 30 + Double(i % 3)), Self.finding("load()", ms: 5)] }
        let changes = FunctionChange.changes(base: base, head: head)
        #expect(changes.map(\.function) == ["parse()"])
        #expect(abs((changes.first?.shiftNs ?? 0) - 10_000_000) < 1, "\(changes)")
        #expect((changes.first?.pValue ?? 1) < 0.05 / 2)
    }

    @Test("a function only head has is a change from nothing; too few launches decide nothing")
    func newInHead() {
        let base = (0..<6).map { _ in [Self.finding("load()", ms: 5)] }
        let head = (0..<6).map { _ in [Self.finding("load()", ms: 5), Self.finding("warm()", ms: 12, kind: .fileIO)] }
        let changes = FunctionChange.changes(base: base, head: head)
        #expect(changes.map(\.function) == ["warm()"] && changes.first?.baseMedianNs == 0)
        #expect(FunctionChange.changes(base: Array(base.prefix(2)), head: Array(head.prefix(2))).isEmpty)
    }

    @Test("a function that waited 100 ms more for a CPU in head, its own time unchanged, did not move")
    func waitingIsNotTheFunction() {
        func crunch(ownMs: Double, waitingMs: Double) -> LaunchFinding {
            var finding = Self.finding("crunch()", ms: ownMs + waitingMs)
            finding.waitingForCPUNs = Int64(waitingMs * 1e6)
            return finding
        }
        let base = (0..<8).map { i in [crunch(ownMs: 100 + Double(i % 3), waitingMs: 2)] }
        let head = (0..<8).map { i in [crunch(ownMs: 100 + Double(i % 3), waitingMs: 102 + Double(i))] }
        #expect(FunctionChange.changes(base: base, head: head).isEmpty)
        // 10 ms more of its own work is a change, whatever it waited.
        let slower = (0..<8).map { i in [crunch(ownMs: 110 + Double(i % 3), waitingMs: 102 + Double(i))] }
        let changes = FunctionChange.changes(base: base, head: slower)
        #expect(changes.map(\.function) == ["crunch()"])
        #expect(abs((changes.first?.shiftNs ?? 0) - 10_000_000) < 1, "\(changes)")
        #expect(changes.first?.headMedianNs == 111_000_000)
    }
}
