import LaunchAnalysis
import LaunchTrace

/// `launchprof compare` as JUnit XML: one test case per compared metric (a regression is a
/// failure, inconclusive is skipped) and one per rule against base.
public struct ComparisonJUnitReport: Sendable, Equatable {
    /// The name of the test suite.
    public var suiteName: String

    /// Creates a JUnit report.
    public init(suiteName: String = "launchprof.compare") { self.suiteName = suiteName }

    /// Renders the XML document, ending with a newline.
    public func render(_ outcome: ComparisonOutcome) -> String {
        let e = XMLEscaping.escape
        let cases = ComparisonRow.rows(outcome).map(metricCase) + outcome.budgets.map(budgetCase)
        let failures = cases.filter { $0.contains("<failure") }.count
        let skipped = cases.filter { $0.contains("<skipped") }.count
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"\(e(suiteName))\" \(counts)>\n"
        out += "  <testsuite name=\"\(e(suiteName)).\(outcome.scenario.rawValue)\" \(counts)>\n"
        out += "    <properties>\n"
        out += "      <property name=\"result\" value=\"\(e(ComparisonRow.headline(outcome)))\"/>\n"
        out += "      <property name=\"exitCode\" value=\"\(outcome.exitCode.rawValue)\"/>\n"
        out += "    </properties>\n"
        out += cases.joined()
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    private func metricCase(_ row: ComparisonRow) -> String {
        let e = XMLEscaping.escape
        let message = e("\(row.metric) \(row.decision.rawValue): \(row.effect), interval \(row.interval)")
        var out = "    <testcase classname=\"\(e(suiteName)).metric\" name=\"\(e(row.metric))\">\n"
        switch row.decision {
        case .regressed: out += "      <failure type=\"regressed\" message=\"\(message)\">\(message)</failure>\n"
        case .inconclusive: out += "      <skipped message=\"\(message)\"/>\n"
        case .same, .improved: out += "      <system-out>\(message)</system-out>\n"
        }
        return out + "    </testcase>\n"
    }

    private func budgetCase(_ verdict: BaseBudgetVerdict) -> String {
        let e = XMLEscaping.escape
        let message = e(verdict.message)
        var out = "    <testcase classname=\"\(e(suiteName)).budget\" name=\"\(e(verdict.rule.title))\">\n"
        switch verdict.status {
        case .fail, .missing:
            out +=
                "      <failure type=\"\(verdict.rule.level.rawValue)\" message=\"\(message)\">\(message)</failure>\n"
        case .inconclusive: out += "      <skipped message=\"\(message)\"/>\n"
        case .pass: break
        }
        return out + "    </testcase>\n"
    }
}
