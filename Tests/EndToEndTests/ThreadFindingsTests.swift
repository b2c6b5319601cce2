import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension CPUTimeSuites {
    /// Findings for programs whose launch waits for other threads, through the runner with the
    /// whole-launch profile on every thread: FixtureTool's `async` main awaiting Swift's
    /// cooperative pool, a joined pthread, a thread nobody waits for, SwiftNIO's event loops, and
    /// work done inside a statically linked dependency.
    @Suite("Findings on every thread", .serialized)
    struct ThreadFindingsTests {
        /// The findings of three launches of `FixtureTool arguments`, ready at its `ready` line.
        static func findings(_ arguments: [String]) throws -> RunFindings {
            let folder = try BuiltProducts.scratchFolder("threads")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "3", "--warmup", "0", "--no-history", "--output", folder.path,
                    "--ready-when", "stdout:^ready$", "--", BuiltProducts.path("FixtureTool"),
                ] + arguments)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
            return try #require(summary.findings, "\(output.stdout)")
        }

        static func describe(_ findings: RunFindings) -> String {
            findings.findings.map {
                "\($0.site.function) [\($0.site.thread ?? "main")] \($0.site.kind) \($0.medianCostNs / 1e6) ms"
            }
            .joined(separator: "; ")
        }

        static func within(_ percent: Double, _ value: Double, of expected: Double) -> Bool {
            abs(value - expected) <= expected * percent / 100
        }

        /// A finding's own time, without its thread's waits for a CPU: FixtureTool's work spins for a
        /// length of CPU time, which a loaded machine stretches in wall time (the finding's cost).
        static func own(_ finding: Finding) -> Double {
            finding.medianCostNs - (finding.medianWaitingForCPUNs ?? 0)
        }

        @Test("an async main awaiting CPU work on the cooperative pool: the work is found on its pool thread")
        func asyncMain() throws {
            let findings = try Self.findings(["async-cpu", "--ms", "100"])
            let crunch = try #require(findings.findings.first, "\(Self.describe(findings))")
            #expect(crunch.site.function == "crunch(milliseconds:)", "\(Self.describe(findings))")
            #expect(crunch.site.thread == "a cooperative-pool thread")
            #expect(crunch.site.kind == .cpu && crunch.site.owner == .program)
            #expect(Self.within(10, Self.own(crunch), of: 100e6), "\(Self.describe(findings))")
            #expect(crunch.advice.action == .deferUntilReady)
            #expect(!findings.findings.contains { $0.site.function.contains("asyncCPU") && $0.medianCostNs > 10e6 })
        }

        @Test("a sleep after an await is blocked time on the thread that resumed, next to the work awaited")
        func sleepAfterAwait() throws {
            let findings = try Self.findings(["sleep-after-await", "--ms", "30", "--sleep-ms", "40"])
            let settle = try #require(
                findings.findings.first { $0.site.function == "settle(milliseconds:)" }, "\(Self.describe(findings))")
            #expect(settle.site.kind == .sleep)
            #expect(Self.within(10, settle.medianCostNs, of: 40e6), "\(Self.describe(findings))")
            #expect(settle.advice.rewrite.isEmpty && !settle.advice.summary.contains("screen"))
            let crunch = try #require(findings.findings.first { $0.site.function == "crunch(milliseconds:)" })
            #expect(Self.within(15, Self.own(crunch), of: 30e6), "\(Self.describe(findings))")
        }

        @Test("a main thread joining a pthread: the worker's work is the finding, on the named worker thread")
        func joinedWorker() throws {
            let findings = try Self.findings(["join", "--ms", "60"])
            let top = try #require(findings.findings.first, "\(Self.describe(findings))")
            #expect(top.site.function == "workerCrunch(milliseconds:)", "\(Self.describe(findings))")
            #expect(top.site.thread == "thread \"fixture-worker\"")
            #expect(Self.within(10, Self.own(top), of: 60e6), "\(Self.describe(findings))")
            // The main thread's wait in pthread_join is the worker's time, not a finding of its own.
            #expect(!findings.findings.contains { $0.site.function.contains("join(") && $0.medianCostNs > 5e6 })
        }

        @Test("work on a thread the launch never waited for is background CPU, not a finding")
        func backgroundThread() throws {
            let findings = try Self.findings(["background", "--ms", "40", "--background-ms", "200"])
            // On a loaded machine the thread's waits for a CPU may rank the clock it reads in its loop
            // (threadCPUNanoseconds, a syscall where the scheduler preempts it) above it.
            #expect(
                findings.findings.prefix(2).contains { $0.site.function == "mainCrunch(milliseconds:)" },
                "\(Self.describe(findings))")
            #expect(!findings.findings.contains { $0.site.function == "backgroundSpin(milliseconds:)" })
            let background = try #require(findings.background?.first { $0.function == "backgroundSpin(milliseconds:)" })
            #expect(background.thread == "thread \"fixture-bg\"")
            // It spins beside the main thread's 40 ms until the launch ends: a loaded runner gives it
            // a share of a CPU (19.4 ms in one full-suite run), never nothing.
            #expect(background.medianCPUNs > 5e6, "\(background)")
        }

        @Test("a server whose readiness waits for its event loops: the loops' work is found on their threads")
        func serverEventLoops() throws {
            let findings = try Self.findings(["server", "--threads", "2", "--warm-ms", "30"])
            let warm = try #require(
                findings.findings.first { $0.site.function == "warmEventLoop(milliseconds:)" },
                "\(Self.describe(findings))"
            )
            #expect(warm.site.thread?.hasPrefix("thread \"NIO-ELT-") ?? false, "\(warm.site.thread ?? "main")")
            #expect(Self.within(15, Self.own(warm), of: 30e6), "\(Self.describe(findings))")
            #expect(!warm.advice.summary.contains("screen") && !warm.advice.rewrite.contains("DispatchQueue.main"))
        }

        @Test(
            "time spent inside a statically linked dependency names the program's call and the dependency's function with its module"
        )
        func dependencyCall() throws {
            let findings = try Self.findings(["pipeline", "--ms", "60"])
            let top = try #require(findings.findings.first, "\(Self.describe(findings))")
            #expect(top.site.function == "Pipeline.prime(milliseconds:)", "\(Self.describe(findings))")
            #expect(top.site.owner == .program)
            let callee = try #require(top.site.callee)
            #expect(callee.hasSuffix("(NIOEmbedded)") || callee.hasSuffix("(NIOCore)"), "\(callee)")
            #expect(top.advice.rewrite.contains("Pipeline.prime"))
        }

        /// The toolchain's `swift-format`, found on the PATH.
        static var swiftFormat: String? {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            return folders.map { "\($0)/swift-format" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        @Test(
            "a program built with swift-argument-parser: its parsing is charged after main, never to a phase before it, and its folded stacks hold it",
            .enabled(if: swiftFormat != nil, "swift-format is not on the PATH"))
        func argumentParserProgram() throws {
            let folder = try BuiltProducts.scratchFolder("argument-parser")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try BuiltProducts.launchprof([
                "run", "--runs", "5", "--warmup", "1", "--no-history", "--output", folder.path, "--",
                try #require(Self.swiftFormat), "--version",
            ])
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
            let findings = try #require(summary.findings).findings
            let parser = findings.filter { $0.site.module == "ArgumentParser" }
            #expect(!parser.isEmpty, "\(findings.map(\.site.function))")
            // After main: in `main`, or in `exit` for the exit handlers the parser's `exit` runs.
            let afterMain: Set<PhaseName> = [.main, .exit]
            #expect(
                parser.allSatisfy { afterMain.contains($0.site.phase ?? .exec) },
                "\(parser.map { "\($0.site.function) \(String(describing: $0.site.phase))" })")
            #expect(parser.allSatisfy { $0.site.owner == .dependency && $0.advice.rewrite.isEmpty })
            let folded = try BuiltProducts.launchprof(["report", folder.path, "--format", "folded"]).stdout
            let lines = folded.split(separator: "\n").filter { $0.contains("ParsableCommand") }
            #expect(!lines.isEmpty, "\(folded.prefix(2000))")
            #expect(lines.allSatisfy { $0.hasPrefix("[main];") || $0.hasPrefix("[exit];") }, "\(lines.prefix(5))")
        }
    }
}
