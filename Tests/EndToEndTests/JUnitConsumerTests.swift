import Foundation
import LaunchTestSupport
import Testing

/// The JUnit of `check`, `run` and `compare` read by the consumers CI systems use: every
/// published `junit-10.xsd` of Jenkins' xUnit plugin and Maven Surefire's report schemas
/// (Fixtures/junit-schemas, through `xmllint --schema`), and a real JUnit reader (Python
/// `junitparser`).
@Suite("JUnit output read by its real consumers")
struct JUnitConsumerTests {
    /// A JUnit document of one kind, made by the built CLI.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case checkPolicyError, checkFail, checkInconclusive, checkMissing, checkWarnOnly, checkCrashedRun
        case runWithoutBudgets, runWithACrash, compareSame, compareHeadFails

        var testDescription: String { rawValue }

        /// The exit status the command must end with, so that the document is the one meant.
        var expectedStatus: Int32 {
            switch self {
            case .checkPolicyError, .checkFail, .checkMissing: 2
            case .checkInconclusive: 4
            case .checkWarnOnly, .runWithoutBudgets: 0
            case .checkCrashedRun, .runWithACrash, .compareHeadFails: 3
            case .compareSame: -1
            }
        }

        /// Runs the command with `--format junit`.
        func output(in folder: URL) throws -> ProductProcess.Output {
            let app = BuiltProducts.path("FixtureApp")
            switch self {
            case .checkPolicyError, .checkFail, .checkInconclusive, .checkMissing, .checkWarnOnly, .checkCrashedRun:
                let budgets = [
                    .checkPolicyError: "budgets-policy-error.json", .checkFail: "budgets-fail.json",
                    .checkInconclusive: "budgets-inconclusive.json", .checkMissing: "budgets-missing.json",
                    .checkWarnOnly: "budgets-warn-only.json",
                ][self, default: "budgets-pass.json"]
                let run = self == .checkCrashedRun ? BuiltProducts.fixture("crashed-run") : CheckCommandTests.run
                return try BuiltProducts.launchprof([
                    "check", "--budgets", BuiltProducts.fixture(budgets), "--format", "junit", run,
                ])
            case .runWithoutBudgets, .runWithACrash:
                return try BuiltProducts.launchprof(
                    [
                        "run", "--runs", "3", "--warmup", "0", "--no-history", "--format", "junit", "--output",
                        folder.appendingPathComponent(rawValue).path, "--", app,
                    ],
                    environment: self == .runWithACrash ? ["FIXTURE_BEHAVIOR": "crashOnRun:2"] : [:])
            case .compareSame, .compareHeadFails:
                return try BuiltProducts.launchprof([
                    "compare", "--base", app, "--head", app, "--base-env", "FIXTURE_BEHAVIOR=sleep:5", "--head-env",
                    "FIXTURE_BEHAVIOR=\(self == .compareSame ? "sleep:5" : "exitError")", "--metric",
                    "didFinishLaunching", "--seed", "11", "--max-runs", "8", "--format", "junit", "--output",
                    folder.appendingPathComponent(rawValue).path,
                ])
            }
        }

    }

    /// A document the built CLI printed, saved to a file, with the command's exit status.
    struct Document: Sendable {
        let status: Int32
        let stderr: String
        let file: URL
    }

    /// Every kind of document, made once (the runs and comparisons launch FixtureApp) for all
    /// the tests.
    static let documents = Result<[Source: Document], any Error> {
        let folder = try BuiltProducts.scratchFolder()
        var documents: [Source: Document] = [:]
        for source in Source.allCases {
            let output = try source.output(in: folder)
            let file = folder.appendingPathComponent("\(source.rawValue).xml")
            try Data(output.stdout.utf8).write(to: file)
            documents[source] = Document(status: output.status, stderr: output.stderr, file: file)
        }
        return documents
    }

    /// The document of `source`, after checking that its command ended as it should.
    static func document(_ source: Source) throws -> URL {
        let document = try #require(try documents.get()[source])
        if source.expectedStatus >= 0 {
            #expect(document.status == source.expectedStatus, "\(source.rawValue): \(document.stderr)")
        }
        return document.file
    }

    /// The schemas in Fixtures/junit-schemas, each with the comment line that says where it came from.
    static func schemas() throws -> [String] {
        let folder = BuiltProducts.fixture("junit-schemas")
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xsd") }.sorted()
            .map { "\(folder)/\($0)" }
    }

    /// What `junitparser` reads of a document: per case its class name, name, time and result
    /// (`failure`, `error`, `skipped` or `passed`), and the suite's counts.
    static func read(_ file: URL) throws -> (cases: [[String]], tests: Int, failures: Int, errors: Int, skipped: Int) {
        let script = """
            import sys, junitparser
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            suites = [xml] if isinstance(xml, junitparser.TestSuite) else list(xml)
            assert len(suites) == 1, len(suites)
            suite = suites[0]
            print(suite.tests, suite.failures, suite.errors, suite.skipped)
            for case in suite:
                kinds = [type(r).__name__.lower() for r in case.result]
                print(case.classname, case.name, repr(case.time), kinds[0] if kinds else "passed", sep="\\t")
            """
        let read = try BuiltProducts.run(TestPython.path, ["-c", script, file.path])
        try #require(read.status == 0, "\(read.stderr)")
        let lines = read.stdout.split(separator: "\n").map(String.init)
        let counts = try #require(lines.first).split(separator: " ").compactMap { Int($0) }
        try #require(counts.count == 4, "\(read.stdout)")
        let cases = lines.dropFirst().map { $0.components(separatedBy: "\t") }
        return (cases, counts[0], counts[1], counts[2], counts[3])
    }

    @Test(
        "every JUnit validates against every published junit-10.xsd and Surefire schema, and junitparser reads a time of at most three decimals on every case of a non-empty suite",
        arguments: Source.allCases
    )
    func consumersAccept(source: Source) throws {
        let file = try Self.document(source)
        let schemas = try Self.schemas()
        #expect(schemas.filter { $0.contains("/junit-10-") }.count >= 5, "the xUnit plugin's variants")
        #expect(schemas.filter { $0.contains("/surefire-") }.count >= 3, "Surefire's schemas")
        for schema in schemas {
            let lint = try BuiltProducts.run("/usr/bin/xmllint", ["--noout", "--schema", schema, file.path])
            #expect(lint.status == 0, "\(source.rawValue) against \(schema): \(lint.stderr)")
        }
        let suite = try Self.read(file)
        #expect(suite.tests > 0 && suite.tests == suite.cases.count, "\(suite)")
        for testCase in suite.cases {
            #expect(testCase.count == 4 && Double(testCase[2]) != nil, "\(testCase): no time")
        }
        let xml = try String(contentsOf: file, encoding: .utf8)
        for match in xml.matches(of: #/time="([^"]*)"/#) {
            #expect(
                match.output.1.wholeMatch(of: #/[0-9]+(\.[0-9]{1,3})?/#) != nil, "\(source.rawValue): \(match.output.0)"
            )
        }
    }

    @Test("a real JUnit reader counts policy cases and agrees with the exit code")
    func junitparserReadsCounts() throws {
        let suite = try Self.read(try Self.document(.checkPolicyError))
        let policy = suite.cases.filter { $0[0].hasPrefix("launchprof.policy") }
        let failed = suite.cases.filter { $0[3] == "failure" }
        let launches = suite.cases.filter { $0[1] == "launches" }
        #expect(!policy.isEmpty, "the policy verdicts are test cases")
        #expect(launches.count == 1 && launches[0][3] == "passed", "the launches completed: \(launches)")
        #expect(suite.cases.count == 1 + 2 + policy.count, "the launches, two rules and every policy verdict")
        #expect(failed.count == policy.count, "error-level policy verdicts fail; the warn-level rule passes")
        #expect(suite.failures == failed.count && suite.errors == 0)
    }

    @Test(
        "launches that failed the run (exit 3) are an error case, in check, run and compare",
        arguments: [Source.checkCrashedRun, .runWithACrash, .compareHeadFails]
    )
    func failedLaunchesAreErrors(source: Source) throws {
        let suite = try Self.read(try Self.document(source))
        let errors = suite.cases.filter { $0[3] == "error" }
        #expect(suite.errors == 1 && errors.count == 1, "\(suite)")
        let expectedName = source == .compareHeadFails ? "head" : "launches"
        #expect(errors.first?[1] == expectedName, "\(errors)")
    }

    @Test("a run without budgets is a suite with a passing case for its launches")
    func runWithoutBudgets() throws {
        let suite = try Self.read(try Self.document(.runWithoutBudgets))
        #expect(suite.tests == 1 && suite.failures == 0 && suite.errors == 0, "\(suite)")
        let launches = try #require(suite.cases.first)
        #expect(launches[1] == "launches" && launches[3] == "passed")
        #expect((Double(launches[2]) ?? 0) > 0, "its time is the launches' wall time")
    }

    @Test("a failing warn-level rule is a passing case with its warning, and the run exits 0")
    func warningsPass() throws {
        let output = try BuiltProducts.launchprof([
            "check", "--budgets", BuiltProducts.fixture("budgets-warn-only.json"), "--format", "junit",
            CheckCommandTests.run,
        ])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("<failure"))
        #expect(output.stdout.contains("warning: does not change the exit code"))
    }
}
