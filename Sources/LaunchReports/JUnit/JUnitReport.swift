import Foundation
import LaunchAnalysis
import LaunchTrace

/// A JUnit XML report for CI test views (Jenkins' xUnit plugin, GitLab, GitHub report
/// actions): one `<testcase>` per budget rule and one per policy verdict.
///
/// The document validates against Jenkins' `junit-10.xsd`. Error-level failures are
/// `<failure>`s, so the failure count agrees with exit code 2; warn-level failures are passing
/// cases whose `<system-out>` carries the warning (warnings never change the outcome);
/// inconclusive rules are `<skipped>`. Every element carries `time` in seconds (see
/// ``JUnitTestCase/seconds``; the suite's is the launches' wall time). Every name is escaped.
///
/// ```swift
/// let xml = JUnitReport().render(summary: summary, evaluation: evaluation)
/// ```
public struct JUnitReport: Sendable, Equatable {
    /// The name of the test suite; `launchprof`.
    public var suiteName: String

    /// Creates a JUnit report.
    public init(suiteName: String = "launchprof") { self.suiteName = suiteName }

    /// The test cases: the rules in file order, then the policy verdicts.
    public func cases(_ evaluation: BudgetEvaluation) -> [JUnitTestCase] {
        evaluation.verdicts.map { JUnitTestCase(rule: $0, suite: suiteName) }
            + evaluation.policyVerdicts.map { JUnitTestCase(policy: $0, suite: suiteName) }
    }

    /// Renders the XML document, ending with a newline.
    public func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        let cases = cases(evaluation)
        let e = XMLEscaping.escape
        let failures = cases.filter { $0.outcome == .failed }.count
        let skipped = cases.filter { $0.outcome == .skipped }.count
        let time = Self.time(Double(summary.launches.reduce(Int64(0)) { $0.saturatingAdd(max(0, $1.wallNs)) }) / 1e9)
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(e(suiteName))\" \(counts) time=\"\(time)\">\n"
        out +=
            "  <testsuite name=\"\(e(suiteName)).\(e(ReportText.appName(summary)))\" \(counts) skipped=\"\(skipped)\" time=\"\(time)\" timestamp=\"\(e(summary.run.date))\">\n"
        out += "    <properties>\n"
        out += property("app", summary.run.appPath)
        out += property("scenario", summary.run.scenario.rawValue)
        out += property("launches", ReportText.launchesLine(summary))
        out += property("exitCode", "\(evaluation.exitCode.rawValue)")
        out += property("result", ReportText.result(evaluation.exitCode))
        out += "    </properties>\n"
        out += cases.map(render).joined()
        out += "  </testsuite>\n"
        out += "</testsuites>\n"
        return out
    }

    private func render(_ testCase: JUnitTestCase) -> String {
        let e = XMLEscaping.escape
        var out =
            "    <testcase classname=\"\(e(testCase.className))\" name=\"\(e(testCase.name))\" time=\"\(Self.time(testCase.seconds))\">\n"
        switch testCase.outcome {
        case .failed:
            out +=
                "      <failure type=\"\(e(testCase.type))\" message=\"\(e(testCase.message))\">\(e(testCase.message))</failure>\n"
        case .skipped:
            out += "      <skipped type=\"\(e(testCase.type))\" message=\"\(e(testCase.message))\"/>\n"
        case .passed:
            break
        }
        out += "      <system-out>\(e(testCase.output.joined(separator: "\n")))</system-out>\n"
        out += "    </testcase>\n"
        return out
    }

    private func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(XMLEscaping.escape(name))\" value=\"\(XMLEscaping.escape(value))\"/>\n"
    }

    /// Seconds with microsecond precision and no exponent (junit-10.xsd's `SUREFIRE_TIME`).
    static func time(_ seconds: Double) -> String {
        String(format: "%.6f", seconds.isFinite ? max(0, seconds) : 0)
    }
}
