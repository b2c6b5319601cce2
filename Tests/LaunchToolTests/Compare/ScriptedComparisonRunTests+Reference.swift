import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension ScriptedComparisonRunTests {
    static let reference = "/scripted/reference"

    /// A bisect step's plan: base the good commit (1 ms), head the candidate, the reference the
    /// bad commit (21 ms).
    static func stepPlan(seed: UInt64) -> ComparisonPlan {
        var plan = Self.plan(seed: seed, maxRuns: 40)
        plan.reference = LaunchSpecification(
            executable: reference, instruments: InstrumentSettings(preloadLibrary: nil, sampler: .none))
        return plan
    }

    /// Launches of 1 ms for base, `headMs` for head, 21 ms for the reference, each ± 0.2 ms.
    static func stepLauncher(headMs: Double) -> ScriptedLauncher {
        ScriptedLauncher { request in
            let executable = request.specification.executable
            let ms = executable == base ? 1 : executable == head ? headMs : 21
            return .completed(.didFinishLaunching, ms: ms + Double(request.index % 3) * 0.1)
        }
    }

    @Test(
        "a bisect step launches the reference in every block, six launches in a seeded order and its mirror",
        arguments: [UInt64(1), 2, 3])
    func referenceBlocks(seed: UInt64) throws {
        let launcher = Self.stepLauncher(headMs: 21)
        let result = try Self.compare(Self.stepPlan(seed: seed), launcher)
        let letter = [Self.base: "A", Self.head: "B", Self.reference: "R"]
        let order = launcher.requests.filter { $0.kind != .measurement }.map { letter[$0.specification.executable]! }
        #expect(order.prefix(3).joined() == "ABR")
        let blocks = stride(from: 3, to: order.count, by: 6).map { order[$0..<min($0 + 6, order.count)].joined() }
        var expected = BlockOrder(seed: seed)
        let letters: [ComparisonBuild: String] = [.base: "A", .head: "B", .reference: "R"]
        #expect(blocks == blocks.map { _ in expected.nextWithReference().map { letters[$0]! }.joined() })
        #expect(blocks.allSatisfy { $0 == String($0.reversed()) && Set($0) == ["A", "B", "R"] }, "\(blocks)")
        #expect(result.placements.map(\.metric) == [.phase(.didFinishLaunching)])
    }

    @Test(
        "a bisect step places head like the reference, like base or between them; like base, it stops there",
        arguments: [(21.0, BisectVerdict.bad), (1, .good), (11, .between)])
    func placesHead(headMs: Double, expected: BisectVerdict) throws {
        let launcher = Self.stepLauncher(headMs: headMs)
        let result = try Self.compare(Self.stepPlan(seed: 5), launcher)
        let placement = try #require(result.placements.first)
        #expect(placement.verdict(minBlocks: 4) == expected, "\(placement)")
        // Like base: decided at the fourth block (a warm-up of each build, four blocks of six). A
        // regression goes on until a part of the launch is found moved with it, or --max-runs.
        if expected == .good {
            #expect(placement.blocks.count == 4)
            #expect(launcher.requests.filter { $0.kind != .measurement }.count == 3 + 24)
        }
    }
}
