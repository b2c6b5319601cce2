import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("budgets.json")
struct BudgetFileTests {
    static func parse(_ json: String) throws -> BudgetFile {
        try BudgetFile.parse(Data(json.utf8), file: "budgets.json")
    }

    @Test("A valid file gets its defaults applied")
    func valid() throws {
        let budgets = try Self.parse(
            """
            {
              "$schema": "./budgets.schema.json",
              "schemaVersion": 1,
              "defaults": {"scenario": "warm", "statistic": "median", "level": "error", "baseline": "main"},
              "rules": [
                {"metric": "timeToFirstFrame", "statistic": "p90", "limit": "400ms", "scenario": "cold", "level": "warn", "description": "First frame."},
                {"metric": "didFinishLaunching", "limit": "+10%"},
                {"metric": "peakMemory", "limit": "64MiB"},
                {"metric": "majorFaults", "limit": 3},
                {"metric": "span.catalog.load", "limit": "1.5 s", "statistic": "max"}
              ]
            }
            """)
        #expect(budgets.rules.count == 5)
        let first = budgets.rules[0]
        #expect(first.statistic == .p90 && first.scenario == .cold && first.level == .warn && first.baseline == nil)
        #expect(first.limit == .absolute(value: 400_000_000, kind: .time, text: "400ms"))
        #expect(first.description == "First frame.")
        let second = budgets.rules[1]
        #expect(second.statistic == .median && second.scenario == .warm && second.level == .error)
        #expect(second.baseline == "main" && second.limit == .relative(percent: 10, text: "+10%"))
        #expect(budgets.rules[2].limit == .absolute(value: 64 * 1_048_576, kind: .bytes, text: "64MiB"))
        #expect(budgets.rules[3].limit == .absolute(value: 3, kind: .count, text: "3"))
        #expect(budgets.rules[4].limit == .absolute(value: 1.5e9, kind: .time, text: "1.5 s"))
        #expect(budgets.baselineNames == ["main"])
        #expect(budgets.rules.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test(
        "Limits and their units",
        arguments: [
            ("250ns", 250.0), ("250us", 250_000), ("250µs", 250_000), ("400ms", 400_000_000), ("2s", 2e9),
            ("0.5s", 5e8),
            ("10B", 10), ("150KB", 150_000), ("150MB", 150e6), ("2GB", 2e9), ("1KiB", 1024), ("1MiB", 1_048_576),
            ("1GiB", 1_073_741_824), ("7", 7),
        ])
    func limits(text: String, value: Double) throws {
        guard case .absolute(let parsed, _, _) = try BudgetLimit(parsing: text) else {
            Issue.record("\(text) should be absolute")
            return
        }
        #expect(parsed == value)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var label: String
        var json: String
        var path: String
        var value: String?
        var fragment: String
        var suggestion: String? = nil
        var testDescription: String { label }
    }

    static func rule(_ body: String) -> String {
        #"{"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "limit": "400ms"}, \#(body)]}"#
    }

    static let badCases: [BadCase] = [
        .init(label: "not JSON", json: "{ nope", path: "", value: nil, fragment: "not valid JSON"),
        .init(label: "not an object", json: "[1, 2]", path: "", value: "an array", fragment: "must be a JSON object"),
        .init(
            label: "missing schemaVersion", json: #"{"rules": []}"#, path: "schemaVersion", value: nil,
            fragment: "is required"),
        .init(
            label: "wrong schemaVersion", json: #"{"schemaVersion": 2, "rules": []}"#, path: "schemaVersion",
            value: "2", fragment: "the integer 1"),
        .init(
            label: "schemaVersion as string", json: #"{"schemaVersion": "1", "rules": []}"#, path: "schemaVersion",
            value: "\"1\"", fragment: "the integer 1"),
        .init(
            label: "missing rules", json: #"{"schemaVersion": 1}"#, path: "rules", value: nil, fragment: "is required"),
        .init(
            label: "rules not an array", json: #"{"schemaVersion": 1, "rules": {}}"#, path: "rules", value: "an object",
            fragment: "an array"),
        .init(
            label: "unknown top-level key", json: #"{"schemaVersion": 1, "rules": [], "rulez": []}"#, path: "rulez",
            value: nil, fragment: "is not known", suggestion: "rules"),
        .init(
            label: "defaults not an object", json: #"{"schemaVersion": 1, "defaults": 3, "rules": []}"#,
            path: "defaults", value: "3", fragment: "an object"),
        .init(
            label: "unknown defaults key", json: #"{"schemaVersion": 1, "defaults": {"levle": "warn"}, "rules": []}"#,
            path: "defaults.levle", value: nil, fragment: "is not known", suggestion: "level"),
        .init(
            label: "bad default scenario", json: #"{"schemaVersion": 1, "defaults": {"scenario": "hot"}, "rules": []}"#,
            path: "defaults.scenario", value: "\"hot\"", fragment: "\"warm\""),
        .init(
            label: "rule not an object", json: rule(#""timeToActive""#), path: "rules[1]", value: "\"timeToActive\"",
            fragment: "rule object"),
        .init(
            label: "missing metric", json: rule(#"{"limit": "1s"}"#), path: "rules[1].metric", value: nil,
            fragment: "is required"),
        .init(
            label: "unknown metric", json: rule(#"{"metric": "timeToFirstFram", "limit": "1s"}"#),
            path: "rules[1].metric", value: "\"timeToFirstFram\"", fragment: "Expected a metric name",
            suggestion: "timeToFirstFrame"),
        .init(
            label: "metric not a string", json: rule(#"{"metric": 5, "limit": "1s"}"#), path: "rules[1].metric",
            value: "5", fragment: "a string"),
        .init(
            label: "missing limit", json: rule(#"{"metric": "timeToActive"}"#), path: "rules[1].limit", value: nil,
            fragment: "is required"),
        .init(
            label: "unknown unit", json: rule(#"{"metric": "timeToActive", "limit": "400parsecs"}"#),
            path: "rules[1].limit", value: "\"400parsecs\"", fragment: "unit \"parsecs\" is not known"),
        .init(
            label: "no number", json: rule(#"{"metric": "timeToActive", "limit": "ms"}"#), path: "rules[1].limit",
            value: "\"ms\"", fragment: "starts with a non-negative number"),
        .init(
            label: "negative limit", json: rule(#"{"metric": "timeToActive", "limit": "-5ms"}"#),
            path: "rules[1].limit", value: "\"-5ms\"", fragment: "relative limit"),
        .init(
            label: "bytes for a time", json: rule(#"{"metric": "timeToActive", "limit": "150MB"}"#),
            path: "rules[1].limit", value: "\"150MB\"", fragment: "is a time metric"),
        .init(
            label: "time for bytes", json: rule(#"{"metric": "peakMemory", "limit": "150ms"}"#), path: "rules[1].limit",
            value: "\"150ms\"", fragment: "is a bytes metric"),
        .init(
            label: "unit for a count", json: rule(#"{"metric": "majorFaults", "limit": "3ms"}"#),
            path: "rules[1].limit", value: "\"3ms\"", fragment: "is a count metric"),
        .init(
            label: "bare number for a time", json: rule(#"{"metric": "timeToActive", "limit": 400}"#),
            path: "rules[1].limit", value: "400", fragment: "needs a unit"),
        .init(
            label: "limit of wrong type", json: rule(#"{"metric": "timeToActive", "limit": true}"#),
            path: "rules[1].limit", value: "true", fragment: "Expected a string"),
        .init(
            label: "malformed relative", json: rule(#"{"metric": "timeToActive", "limit": "10%", "baseline": "main"}"#),
            path: "rules[1].limit", value: "\"10%\"", fragment: "plus sign"),
        .init(
            label: "relative without baseline", json: rule(#"{"metric": "timeToActive", "limit": "+10%"}"#),
            path: "rules[1].limit", value: "\"+10%\"", fragment: "compares against a baseline"),
        .init(
            label: "baseline on absolute",
            json: rule(#"{"metric": "timeToActive", "limit": "1s", "baseline": "main"}"#), path: "rules[1].baseline",
            value: "\"main\"", fragment: "only to a relative limit"),
        .init(
            label: "bad baseline name", json: rule(#"{"metric": "timeToActive", "limit": "+5%", "baseline": "../x"}"#),
            path: "rules[1].baseline", value: "\"../x\"", fragment: "baseline name"),
        .init(
            label: "unknown statistic", json: rule(#"{"metric": "timeToActive", "limit": "1s", "statistic": "p50"}"#),
            path: "rules[1].statistic", value: "\"p50\"", fragment: "\"median\""),
        .init(
            label: "unknown scenario",
            json: rule(#"{"metric": "timeToActive", "limit": "1s", "scenario": "lukewarm"}"#),
            path: "rules[1].scenario", value: "\"lukewarm\"", fragment: "\"cold\""),
        .init(
            label: "unknown level", json: rule(#"{"metric": "timeToActive", "limit": "1s", "level": "fatal"}"#),
            path: "rules[1].level", value: "\"fatal\"", fragment: "\"warn\""),
        .init(
            label: "description not a string",
            json: rule(#"{"metric": "timeToActive", "limit": "1s", "description": 1}"#), path: "rules[1].description",
            value: "1", fragment: "a string"),
        .init(
            label: "unknown rule key", json: rule(#"{"metric": "timeToActive", "limit": "1s", "stat": "p90"}"#),
            path: "rules[1].stat", value: nil, fragment: "is not known", suggestion: "statistic"),
    ]

    @Test("Bad input is reported with file, path, value and what was expected", arguments: badCases)
    func badInput(_ bad: BadCase) throws {
        let error = try #require(throws: LaunchProfilerError.self) { try Self.parse(bad.json) }
        #expect(error.context.file == "budgets.json")
        let problem = try #require(error.problems.first)
        #expect((problem.context.jsonPath ?? "") == bad.path)
        #expect(problem.context.value == bad.value)
        let expected = problem.context.expected ?? ""
        #expect(expected.contains(bad.fragment), "\(expected)")
        #expect(expected.hasSuffix(".") || expected.hasSuffix("?"))
        if let suggestion = bad.suggestion { #expect(problem.context.suggestion == suggestion) }
        // A syntax error also names the line and column: `{ nope` fails at line 1, column 3.
        #expect(
            error.description.hasPrefix(bad.label == "not JSON" ? "budgets.json:1:3: " : "budgets.json: "), "\(error)")
    }

    @Test("Every problem is reported, not only the first")
    func allProblems() throws {
        let error = try #require(throws: LaunchProfilerError.self) {
            try Self.parse(
                #"{"schemaVersion": 1, "rules": [{"metric": "nope.p90", "limit": "1s"}, {"metric": "timeToActive", "limit": "1 parsec"}]}"#
            )
        }
        #expect(error.problems.map(\.context.jsonPath) == ["rules[0].metric", "rules[1].limit"])
    }

    @Test("A missing file is a validation error naming it")
    func missingFile() throws {
        let error = try #require(throws: LaunchProfilerError.self) {
            try BudgetFile.load(from: URL(fileURLWithPath: "/nonexistent/budgets.json"))
        }
        #expect(error.context.file == "/nonexistent/budgets.json")
        #expect(error.problems.first?.context.expected?.hasPrefix("The budget file cannot be read") == true)
    }

    @Test("The repository's budgets.json is valid and covers the sample app's metrics")
    func repositoryBudgets() throws {
        let budgets = try BudgetFile.load(from: Fixtures.repositoryRoot.appendingPathComponent("budgets.json"))
        let metrics = Set(budgets.rules.map(\.metric.rawValue))
        for name in [
            "timeToFirstFrame", "timeToActive", "didFinishLaunching", "firstVisibleWindow", "mainThreadBlocked",
            "binaryLoad", "peakMemory", "profilerOverhead",
        ] {
            #expect(metrics.contains(name), "\(name)")
        }
        #expect(budgets.rules.contains { $0.level == .warn })
        #expect(budgets.rules.allSatisfy { $0.scenario == .warm })
    }

    @Test("The schema file lists the same metric names, statistics and keys as the validator")
    func schemaAgrees() throws {
        let data = try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("budgets.schema.json"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("https://json-schema.org/draft/2020-12/schema"))
        for name in MetricCatalog.listableNames { #expect(text.contains("\"\(name)\""), "\(name)") }
        for statistic in Statistic.allCases { #expect(text.contains("\"\(statistic.rawValue)\"")) }
        for key in BudgetValidator.ruleKeys { #expect(text.contains("\"\(key)\"")) }
    }
}
