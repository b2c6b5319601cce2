import Foundation
import LaunchTestSupport
import Testing

/// `check --format junit` read by the consumers CI systems use: Jenkins' xUnit schema
/// (junit-10.xsd, through `xmllint --schema`) and a real JUnit reader (Python `junitparser`).
@Suite("JUnit output read by its real consumers")
struct JUnitConsumerTests {
    /// The JUnit of the fixed SeedApp run against a policy with every kind before the first
    /// frame at error and a failing warn-level rule, saved to a file.
    static func policyReport() throws -> (output: ProductProcess.Output, file: URL) {
        let budgets = BuiltProducts.fixture("budgets-policy-error.json")
        let output = try BuiltProducts.launchprof([
            "check", "--budgets", budgets, "--format", "junit", CheckCommandTests.run,
        ])
        let file = try BuiltProducts.scratchFolder().appendingPathComponent("launchprof.junit.xml")
        try Data(output.stdout.utf8).write(to: file)
        return (output, file)
    }

    @Test("the JUnit validates against Jenkins' junit-10.xsd")
    func validatesAgainstJenkinsSchema() throws {
        for budgets in [
            "budgets-policy-error.json", "budgets-fail.json", "budgets-inconclusive.json", "budgets-missing.json",
        ] {
            let output = try BuiltProducts.launchprof([
                "check", "--budgets", BuiltProducts.fixture(budgets), "--format", "junit", CheckCommandTests.run,
            ])
            let file = try BuiltProducts.scratchFolder().appendingPathComponent("\(budgets).xml")
            try Data(output.stdout.utf8).write(to: file)
            let lint = try BuiltProducts.run(
                "/usr/bin/xmllint", ["--noout", "--schema", BuiltProducts.fixture("junit-10.xsd"), file.path])
            #expect(lint.status == 0, "\(budgets): \(lint.stderr)")
        }
    }

    @Test("a real JUnit reader counts policy cases and agrees with the exit code")
    func junitparserReadsCounts() throws {
        let (output, file) = try Self.policyReport()
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        let script = """
            import sys, junitparser
            xml = junitparser.JUnitXml.fromfile(sys.argv[1])
            cases = [c for s in xml for c in s]
            policy = [c for c in cases if c.classname.startswith("launchprof.policy")]
            failed = [c for c in cases if any(isinstance(r, junitparser.Failure) for r in c.result)]
            timed = all(c.time is not None for c in cases)
            print(len(cases), len(policy), len(failed), sum(1 for c in policy if c in failed), int(timed), xml.failures)
            """
        let read = try BuiltProducts.run("/usr/bin/env", ["python3", "-c", script, file.path])
        #expect(read.status == 0, "\(read.stderr)")
        let numbers = read.stdout.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(numbers.count == 6, "\(read.stdout)")
        let (cases, policy, failed, policyFailed, timed, suiteFailures) = (
            numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]
        )
        #expect(policy > 0, "the policy verdicts are test cases")
        #expect(cases == 2 + policy, "two rules and every policy verdict")
        #expect(
            failed == policy && policyFailed == policy, "error-level policy verdicts fail; the warn-level rule passes")
        #expect(suiteFailures == failed)
        #expect(timed == 1, "every case has a time")
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
