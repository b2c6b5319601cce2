import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Major page faults through the runner and perf: FixtureTool reads a byte of every page of its
/// own file after dropping the file's cached pages, so its main thread blocks in the kernel's
/// fault path, in no system call. The breakdown gives that time its own reason, not file I/O,
/// and the rule names a cold launch with the process's count of major faults.
@Suite("Major page faults apart from file I/O")
struct MajorFaultTests {
    @Test("a launch faulting its file in from disk: major page faults in the breakdown, its rule with the count")
    func faultIn() throws {
        let folder = try BuiltProducts.scratchFolder("fault-in")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "0", "--no-history", "--output", folder.path, "--ready-when",
            "stdout:^ready$", "--", BuiltProducts.path("FixtureTool"), "fault-in",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let faults = try #require(summary.metric(.processMajorFaults, scenario: .warm))
        // The last 1500 pages of a debug build's file: debug information no process maps.
        #expect(faults.statistics.median > 1000, "\(faults.samples)")
        let faulted = try #require(summary.metric(.reason(.majorFault), scenario: .warm))
        let fileIO = try #require(summary.metric(.reason(.fileIO), scenario: .warm))
        #expect(faulted.statistics.median > 10e6 && faulted.statistics.median > 10 * fileIO.statistics.median)
        let findings = try #require(summary.findings)
        let intervals = (findings.breakdowns ?? []).flatMap(\.intervals).filter { $0.reason == .majorFault }
        #expect(!intervals.isEmpty && intervals.allSatisfy { $0.detail == "page fault" })
        let rule = try #require(findings.reasons?.first { $0.rule == "majorFaults" }, "\(output.stdout)")
        let count = MetricKind.count.format(faults.statistics.median)
        #expect(rule.title.hasPrefix("A cold launch: \(count) major page faults, "), "\(rule.title)")
        #expect(output.stdout.contains("A cold launch: "), "\(output.stdout)")
        #expect(findings.findings.contains { $0.site.function == "faultIn(pages:)" && $0.site.kind == .pageFaults })
        let problems = try JSONSchemaValidator.validate(
            [folder.appendingPathComponent("summary.json")], against: JSONSchemaValidator.schema("summary"))
        #expect(problems.values.allSatisfy { $0.isEmpty }, "\(problems)")
    }
}
