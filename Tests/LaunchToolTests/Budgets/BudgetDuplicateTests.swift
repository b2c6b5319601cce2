import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

/// A key written twice and two rules that check the same thing make a budget file invalid,
/// where a JSON reader would keep one of the two values without a word.
@Suite("budgets.json: duplicate keys and duplicate rules")
struct BudgetDuplicateTests {
    static func problems(_ json: String) -> [LaunchProfilerError] {
        do {
            _ = try BudgetFile.parse(Data(json.utf8), file: "budgets.json")
            return []
        } catch let error as LaunchProfilerError {
            return error.problems
        } catch {
            return [LaunchProfilerError(.invalidFile, "\(error)")]
        }
    }

    @Test("a key written twice in a rule names the file, the JSON path, the line and column of both")
    func duplicateKeyInRule() throws {
        let json = """
            {
              "schemaVersion": 1,
              "rules": [
                {"metric": "timeToFirstFrame",
                 "limit": "400ms", "limit": "500ms"}
              ]
            }
            """
        let problem = try #require(Self.problems(json).first)
        #expect(Self.problems(json).count == 1)
        #expect(problem.context.file == "budgets.json")
        #expect(problem.context.jsonPath == "rules[0].limit")
        #expect(problem.context.line == 5 && problem.context.column == 24, "\(problem)")
        #expect(
            problem.description.hasPrefix(
                "budgets.json:5:24: at rules[0].limit: The key \"limit\" appears twice in this object (first at line 5, column 6)"
            ), "\(problem)")
        #expect(problem.description.contains("expected each key once"), "\(problem)")
    }

    @Test(
        "duplicate keys at the top, in defaults, in the policy and spelt with escapes",
        arguments: [
            (#"{"schemaVersion": 1, "rules": [], "rules": []}"#, "rules"),
            (#"{"schemaVersion": 1, "defaults": {"level": "warn", "level": "error"}, "rules": []}"#, "defaults.level"),
            (
                #"{"schemaVersion": 1, "rules": [{"metric": "timeToFirstFrame", "limit": "1s"}, {"metric": "binaryLoad", "\u006cimit": "1s", "limit": "2s"}]}"#,
                "rules[1].limit"
            ),
            (
                #"{"schemaVersion": 1, "rules": [], "policy": {"minimumCost": "1ms", "minimumCost": "2ms"}}"#,
                "policy.minimumCost"
            ),
        ])
    func duplicateKeys(json: String, path: String) throws {
        let problem = try #require(Self.problems(json).first, "\(json) was accepted")
        #expect(problem.context.jsonPath == path, "\(problem)")
        #expect(problem.context.line == 1, "\(problem)")
        #expect(problem.description.contains("appears twice"), "\(problem)")
    }

    @Test("two rules on the same metric, statistic, scenario, baseline and level are one rule too many")
    func duplicateRules() throws {
        let json = """
            {"schemaVersion": 1, "defaults": {"scenario": "warm"}, "rules": [
              {"metric": "timeToFirstFrame", "statistic": "p90", "limit": "400ms"},
              {"metric": "binaryLoad", "limit": "60ms"},
              {"metric": "timeToFirstFrame", "statistic": "p90", "limit": "350ms", "scenario": "warm", "level": "error"}
            ]}
            """
        let problems = Self.problems(json)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.context.jsonPath == "rules[2]")
        #expect(
            problem.description.hasPrefix(
                "budgets.json: at rules[2]: This rule checks the same as rules[0]: the p90 of timeToFirstFrame in warm launches (absolute limit, level error)."
            ), "\(problem)")
    }

    @Test(
        "relative rules against the same baseline, and against the same history, are duplicates",
        arguments: [
            #"{"metric": "binaryLoad", "limit": "+10%", "baseline": "main"}, {"metric": "binaryLoad", "limit": "+5%", "baseline": "main"}"#,
            #"{"metric": "binaryLoad", "limit": "+10%", "history": 10}, {"metric": "binaryLoad", "limit": "+5%", "history": 10}"#,
        ])
    func duplicateRelativeRules(rules: String) throws {
        let problems = Self.problems(#"{"schemaVersion": 1, "rules": [\#(rules)]}"#)
        #expect(problems.map(\.context.jsonPath) == ["rules[1]"], "\(problems)")
    }

    @Test("rules that differ in level, statistic, scenario, baseline or history are kept")
    func distinctRules() throws {
        let budgets = try BudgetFile.parse(
            Data(
                """
                {"schemaVersion": 1, "rules": [
                  {"metric": "timeToFirstFrame", "limit": "350ms", "level": "warn"},
                  {"metric": "timeToFirstFrame", "limit": "400ms", "level": "error"},
                  {"metric": "timeToFirstFrame", "limit": "450ms", "statistic": "p90"},
                  {"metric": "timeToFirstFrame", "limit": "900ms", "scenario": "cold"},
                  {"metric": "timeToFirstFrame", "limit": "+10%", "baseline": "main"},
                  {"metric": "timeToFirstFrame", "limit": "+10%", "baseline": "release"},
                  {"metric": "timeToFirstFrame", "limit": "+10%", "history": 10},
                  {"metric": "timeToFirstFrame", "limit": "+10%", "history": 20}
                ]}
                """.utf8), file: "budgets.json")
        #expect(budgets.rules.count == 8)
    }
}
