import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension CPUTimeSuites {
    /// What a launch waited for on a busy machine, through the runner: two CPU-bound processes beside
    /// FixtureTool on this 2-core machine. A function that holds the launch for a length of wall time
    /// is charged that length (its time on a CPU and its time waiting for one), the split is shown,
    /// the other programs are named, and every launch's exclusive breakdown adds up to its time.
    @Suite("A busy machine: what the launch waited for, charged whole", .serialized)
    struct BusyMachineTests {
        /// Two `/bin/sh` busy loops on CPU 1 beside `body`, killed with SIGKILL after it: the launches
        /// run on CPU 1 too (`--cpu 1`), so three CPU-bound processes share one CPU while the other
        /// stays free for whatever else runs.
        static func besideTwoHogs<T>(_ body: () throws -> T) throws -> T {
            try BusyCompareTests.withHogs { _ in try body() }
        }

        /// Three launches of `FixtureTool arguments` (on CPU 1 when `pinned`): the summary and the text report.
        static func run(_ arguments: [String], folder: URL, pinned: Bool = true) throws -> (RunSummary, String) {
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "3", "--warmup", "0", "--no-history", "--output", folder.path,
                ] + (pinned ? ["--cpu", "1"] : []) + [
                    "--ready-when", "stdout:^ready$", "--", BuiltProducts.path("FixtureTool"),
                ] + arguments,
                environment: ["FIXTURE_SPIN_LOG": spinLog(in: folder).path])
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            return (try RunSummary.read(from: folder.appendingPathComponent("summary.json")), output.stdout)
        }

        /// Where FixtureTool writes how long each spin really took (`FIXTURE_SPIN_LOG`).
        static func spinLog(in folder: URL) -> URL {
            folder.appendingPathComponent("spins.txt")
        }

        /// The median length of the spins of the run in `folder`, as FixtureTool measured them: a
        /// preemption at a spin's end stretches it past its deadline on a busy machine.
        static func medianSpin(in folder: URL) throws -> Double {
            let text = try String(contentsOf: spinLog(in: folder), encoding: .utf8)
            let spins = text.split(separator: "\n").compactMap { Double($0) }.sorted()
            try #require(!spins.isEmpty, "no spin was logged")
            return spins[spins.count / 2]
        }

        static func describe(_ findings: RunFindings) -> String {
            findings.findings.prefix(6).map {
                "\($0.site.function) [\($0.site.thread ?? "main")] \($0.site.kind) \($0.medianCostNs / 1e6) ms "
                    + "(waiting \(($0.medianWaitingForCPUNs ?? 0) / 1e6) ms)"
            }
            .joined(separator: "; ")
        }

        static func within(_ percent: Double, _ value: Double, of expected: Double) -> Bool {
            abs(value - expected) <= expected * percent / 100
        }

        /// Every launch's breakdown adds up to its time within 1 %, and intervals do not overlap.
        static func expectWholeBreakdowns(_ findings: RunFindings) throws {
            let breakdowns = try #require(findings.breakdowns)
            #expect(!breakdowns.isEmpty)
            for breakdown in breakdowns {
                let sum = breakdown.intervals.reduce(0) { $0 + $1.durationNs }
                #expect(abs(Double(sum - breakdown.totalNs)) <= Double(breakdown.totalNs) / 100, "\(breakdown)")
                for (earlier, later) in zip(breakdown.intervals, breakdown.intervals.dropFirst()) {
                    #expect(earlier.endNs <= later.startNs)
                }
            }
        }

        @Test(
            "a main-thread function holding the launch 200 ms beside two CPU hogs is charged 200 ms, its split shown, the hogs named"
        )
        func mainThreadBesideHogs() throws {
            let folder = try BuiltProducts.scratchFolder("busy-main")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (summary, text) = try Self.besideTwoHogs { try Self.run(["busy-main", "--ms", "200"], folder: folder) }
            let findings = try #require(summary.findings)
            let spin = try #require(
                findings.findings.first { $0.site.function == "mainSpin(milliseconds:)" }, "\(Self.describe(findings))")
            #expect(spin.site.thread == nil)
            #expect(
                Self.within(15, spin.medianCostNs, of: try Self.medianSpin(in: folder)), "\(Self.describe(findings))")
            // Three CPU-bound processes on two CPUs: the function waits for one a good part of its time.
            #expect((spin.medianWaitingForCPUNs ?? 0) > 5e6, "\(Self.describe(findings))")
            #expect(text.contains("waiting for a CPU"), "\(text)")
            let others = findings.otherPrograms ?? []
            #expect(others.contains { $0.name == "sh" && $0.medianCPUNs > 50e6 }, "\(others)")
            #expect(text.contains("other programs ran meanwhile: "), "\(text)")
            // The report names the five busiest; on a shared runner others may outrank the hogs.
            if let rank = others.firstIndex(where: { $0.name == "sh" }), rank < 5 {
                #expect(text.contains("sh (2 processes)"), "\(text)")
            }
            try Self.expectWholeBreakdowns(findings)
            #expect(findings.breakdowns?.allSatisfy { $0.timeNs(.waitingForCPU) > 0 } == true)
            let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(html.contains("class=\"breakdown\"") && html.contains("data-reason=\"waitingForCPU\""))
            #expect(html.contains("data-rule=\"waitingForCPU\""), "the rule over 15 % waiting for a CPU fired")
            let problems = try JSONSchemaValidator.validate(
                [folder.appendingPathComponent("summary.json")], against: JSONSchemaValidator.schema("summary"))
            #expect(problems.values.allSatisfy { $0.isEmpty }, "\(problems)")
        }

        @Test("an awaited 100 ms task on the cooperative pool beside two CPU hogs is charged 100 ms on its pool thread")
        func poolTaskBesideHogs() throws {
            let folder = try BuiltProducts.scratchFolder("busy-pool")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (summary, _) = try Self.besideTwoHogs { try Self.run(["busy-pool", "--ms", "100"], folder: folder) }
            let findings = try #require(summary.findings)
            let spin = try #require(
                findings.findings.first { $0.site.function == "poolSpin(milliseconds:)" }, "\(Self.describe(findings))")
            #expect(spin.site.thread == "a cooperative-pool thread")
            #expect(
                Self.within(15, spin.medianCostNs, of: try Self.medianSpin(in: folder)), "\(Self.describe(findings))")
            try Self.expectWholeBreakdowns(findings)
        }

        @Test("quiet, the same function is charged its wall time, and each launch's breakdown adds up to its time")
        func mainThreadQuiet() throws {
            let folder = try BuiltProducts.scratchFolder("quiet-main")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (summary, _) = try Self.run(["busy-main", "--ms", "100"], folder: folder, pinned: false)
            let findings = try #require(summary.findings)
            let spin = try #require(
                findings.findings.first { $0.site.function == "mainSpin(milliseconds:)" }, "\(Self.describe(findings))")
            #expect(
                Self.within(15, spin.medianCostNs, of: try Self.medianSpin(in: folder)), "\(Self.describe(findings))")
            try Self.expectWholeBreakdowns(findings)
            let median = try #require(findings.breakdowns.flatMap(SlowStartRules.medianLaunch))
            // The spin is the program's own code on a CPU (or, on a loaded runner, waiting for one).
            #expect(median.timeNs(.programCode) + median.timeNs(.waitingForCPU) >= 85_000_000, "\(median.timeByReason)")
        }
    }
}
