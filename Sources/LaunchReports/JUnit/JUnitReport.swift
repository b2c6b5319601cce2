import LaunchAnalysis
import LaunchTrace

/// A JUnit XML report for CI test views: one `<testcase>` per budget rule.
///
/// A rule that failed or is missing gets a `<failure>` (its `type` is the rule's level,
/// `error` or `warn`); an inconclusive one gets `<skipped>`. Every test case carries
/// properties with the verdict, level, observed value and limit. Every name is escaped.
///
/// ```swift
/// let xml = JUnitReport().render(summary: summary, evaluation: evaluation)
/// ```
public struct JUnitReport: Sendable, Equatable {
    /// The name of the test suite; `launchprof`.
    public var suiteName: String

    /// Creates a JUnit report.
    public init(suiteName: String = "launchprof") { self.suiteName = suiteName }

    /// Renders the XML document, ending with a newline.
    public func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        let verdicts = evaluation.verdicts
        let failures = verdicts.filter { $0.status == .fail || $0.status == .missing }.count
        let skipped = verdicts.filter { $0.status == .inconclusive }.count
        let e = XMLEscaping.escape
        let app = ReportText.appName(summary)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        out += "<testsuites name=\"\(e(suiteName))\" \(counts)>\n"
        out += "  <testsuite name=\"\(e(suiteName)).\(e(app))\" \(counts)>\n"
        out += "    <properties>\n"
        out += property("app", summary.run.appPath, indent: 6)
        out += property("scenario", summary.run.scenario.rawValue, indent: 6)
        out += property("launches", ReportText.launchesLine(summary), indent: 6)
        out += property("exitCode", "\(evaluation.exitCode.rawValue)", indent: 6)
        out += "    </properties>\n"
        for verdict in verdicts {
            let rule = verdict.rule
            out += "    <testcase classname=\"\(e(suiteName)).\(rule.scenario.rawValue)\" name=\"\(e(rule.title))\">\n"
            out += "      <properties>\n"
            out += property("verdict", verdict.status.rawValue, indent: 8)
            out += property("level", rule.level.rawValue, indent: 8)
            out += property("observed", ReportText.value(verdict.observed, rule.kind), indent: 8)
            out += property("limit", ReportText.budget(rule), indent: 8)
            out += "      </properties>\n"
            switch verdict.status {
            case .fail, .missing:
                out += "      <failure type=\"\(rule.level.rawValue)\" message=\"\(e(verdict.message))\">\(e(verdict.message))</failure>\n"
            case .inconclusive:
                out += "      <skipped message=\"\(e(verdict.message))\"/>\n"
            case .pass:
                break
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
        out += "</testsuites>\n"
        return out
    }

    private func property(_ name: String, _ value: String, indent: Int) -> String {
        String(repeating: " ", count: indent) + "<property name=\"\(XMLEscaping.escape(name))\" value=\"\(XMLEscaping.escape(value))\"/>\n"
    }
}
