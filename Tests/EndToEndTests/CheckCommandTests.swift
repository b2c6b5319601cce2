import Foundation
import LaunchTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `launchprof check` on a fixed run of SeedApp (six real traces, checked in), so every
/// verdict and exit code is deterministic.
@Suite("launchprof check on a fixed run")
struct CheckCommandTests {
    static let run = BuiltProducts.fixture("seedapp-run")

    @Test(
        "each verdict gives its documented exit code",
        arguments: [
            ("budgets-pass.json", Int32(0), "Result: pass (exit 0)"),
            ("budgets-fail.json", 2, "Result: budget exceeded (exit 2)"),
            ("budgets-inconclusive.json", 4, "Result: inconclusive (exit 4)"),
            ("budgets-missing.json", 2, "MISSING"),
            ("budgets-warn-only.json", 0, "Result: pass (exit 0)"),
        ]
    )
    func verdicts(budgets: String, status: Int32, phrase: String) throws {
        let output = try BuiltProducts.launchprof(["check", "--budgets", BuiltProducts.fixture(budgets), Self.run])
        #expect(output.status == status, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(phrase), "\(output.stdout)")
    }

    @Test("a SampleApp run's text report fits a screen; --verbose adds the before-main and relocation tables")
    func screenSizedReport() throws {
        let arguments = [
            "check", "--budgets", ReportFixture.sampleAppBudgetsURL.path, ReportFixture.sampleAppSummaryURL.path,
        ]
        let short = try BuiltProducts.launchprof(arguments)
        #expect(short.status == 2, "\(short.stdout)\(short.stderr)")
        let lines = short.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 40, "\(lines.count) lines:\n\(short.stdout)")
        #expect(short.stdout.contains("Before main: ") && !short.stdout.contains("pages written"), "\(short.stdout)")
        let verbose = try BuiltProducts.launchprof(arguments + ["--verbose"])
        #expect(verbose.status == 2)
        #expect(verbose.stdout.contains("slowest initializer") && verbose.stdout.contains("pages written"))
        #expect(verbose.stdout.hasSuffix("Result: budget exceeded (exit 2)\n"), "\(verbose.stdout)")
        // --verbose changes only the text: the JSON report is the same with and without it.
        let json = try BuiltProducts.launchprof(arguments + ["--format", "json"])
        #expect(json.stdout == (try BuiltProducts.launchprof(arguments + ["--format", "json", "--verbose"])).stdout)
    }

    @Test("a run in which no launch completed exits 3 and says what happened to each launch")
    func nothingMeasured() throws {
        let output = try BuiltProducts.launchprof([
            "check", "--budgets", BuiltProducts.fixture("budgets-pass.json"), BuiltProducts.fixture("crashed-run"),
        ])
        #expect(output.status == 3)
        #expect(output.stdout.contains("killed by signal 6 (SIGABRT)"))
        #expect(output.stdout.contains("did not finish within 1 s"))
    }

    @Test("a misspelt metric is a usage error naming the file, the JSON path and the closest name")
    func badBudgets() throws {
        let file = BuiltProducts.fixture("budgets-bad-metric.json")
        let output = try BuiltProducts.launchprof(["check", "--budgets", file, Self.run])
        #expect(output.status == 1)
        #expect(output.stderr.contains(file))
        #expect(output.stderr.contains("rules[0].metric"))
        #expect(output.stderr.contains("\"timeToFirstFrme\""))
        #expect(output.stderr.contains("Did you mean \"timeToFirstFrame\"?"))
    }

    @Test("JUnit output has one test case for the launches and one per rule, and a failure for the failed one")
    func junit() throws {
        let output = try BuiltProducts.launchprof([
            "check", "--budgets", BuiltProducts.fixture("budgets-fail.json"), "--format", "junit", Self.run,
        ])
        #expect(output.status == 2)
        #expect(output.stdout.components(separatedBy: "<testcase ").count - 1 == 1 + 2)
        #expect(output.stdout.contains("name=\"launches\""))
        #expect(output.stdout.components(separatedBy: "<failure").count - 1 == 1)
        let document = try XMLDocument(data: Data(output.stdout.utf8))
        #expect(document.rootElement() != nil)
    }

    @Test("a baseline saved from a run is found by name, and a missing one is named in the error")
    func baselines() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try BuiltProducts.launchprof(["baseline", "save", "main", Self.run], in: folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        let list = try BuiltProducts.launchprof(["baseline", "list"], in: folder)
        #expect(list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "main")
        let relative = folder.appendingPathComponent("relative.json")
        try Data(
            #"{"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "limit": "+10%", "baseline": "main"}]}"#
                .utf8
        ).write(to: relative)
        let same = try BuiltProducts.launchprof(["check", "--budgets", relative.path, Self.run], in: folder)
        #expect(same.status == 0, "the run compared with itself has not regressed: \(same.stdout)\(same.stderr)")
        let missing = try BuiltProducts.launchprof(
            ["check", "--budgets", relative.path, "--baseline", "nightly", Self.run], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nightly"))
    }
}

/// `launchprof report` on the fixed run: every format renders through the CLI.
@Suite("launchprof report on a fixed run")
struct ReportCommandTests {
    @Test("HTML, Markdown, Chrome trace, speedscope and folded stacks render from a run folder")
    func formats() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["html", "markdown", "chrome-trace", "speedscope", "folded"] {
            let file = folder.appendingPathComponent("report.\(format)")
            let output = try BuiltProducts.launchprof([
                "report", CheckCommandTests.run, "--format", format, "--budgets",
                BuiltProducts.fixture("budgets-pass.json"), "-o", file.path,
            ])
            #expect(output.status == 0, "\(format): \(output.stderr)")
            let text = try String(contentsOf: file, encoding: .utf8)
            switch format {
            case "html":
                #expect(text.hasPrefix("<!DOCTYPE html>") || text.hasPrefix("<!doctype html>"))
                #expect(text.contains("timeToFirstFrame"))
            case "markdown":
                #expect(text.contains("timeToFirstFrame"))
            case "chrome-trace", "speedscope":
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                #expect(object?[format == "chrome-trace" ? "traceEvents" : "profiles"] != nil)
            default:
                // SeedApp's launches have no stall, so there may be no stacks to fold.
                #expect(
                    text.split(separator: "\n").allSatisfy { $0.split(separator: " ").last.flatMap { Int($0) } != nil })
            }
        }
    }

    @Test("a folder that is not a run folder is a clear usage error")
    func notARunFolder() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(["report", folder.path])
        #expect(output.status == 1)
        #expect(output.stderr.contains(folder.path))
    }
}

/// Usage errors exit with the documented code 1 and say what is wrong.
@Suite("launchprof usage errors")
struct UsageErrorTests {
    @Test(
        "bad arguments exit 1 with a message",
        arguments: [
            (["run", "--runs", "0", "--", "/bin/true"], "--runs must be from 1 to 100000, not 0"),
            (["run", "--bogus"], "Unknown option '--bogus'"),
            (["check"], "--budgets"),
            (["run", "--", "no-such-app-anywhere"], "was not found in PATH"),
        ]
    )
    func usage(arguments: [String], phrase: String) throws {
        let output = try BuiltProducts.launchprof(arguments)
        #expect(output.status == 1)
        #expect(output.stderr.contains(phrase), "\(output.stderr)")
    }
}
