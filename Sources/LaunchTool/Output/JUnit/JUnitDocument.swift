/// A JUnit XML document of one test suite, written so that it validates against every
/// published `junit-10.xsd` of Jenkins' xUnit plugin and against Maven Surefire's
/// `surefire-test-report.xsd`, the strictest readers of the format.
///
/// What that takes: the root is a single `<testsuite>` (Surefire's schema has no
/// `<testsuites>`, and the xUnit plugin's does not allow `skipped` on it); the suite carries
/// only `name`, `tests`, `failures`, `errors`, `skipped` and `time` (anything else, such as the
/// timestamp, is a property); every case has a `time`; times are seconds with at most three
/// decimals (Surefire's `SUREFIRE_TIME` pattern, `(\.[0-9]{0,3})?`); a case holds at most one
/// of `<failure>`, `<skipped>` (with no `type`) and `<error>`, then `<system-out>` and
/// `<system-err>`, in that order.
///
/// ```swift
/// let xml = JUnitDocument(name: "launchprof.SampleApp", seconds: 1.55, properties: [], cases: cases).render()
/// ```
package struct JUnitDocument: Sendable, Equatable {
    /// The suite's name.
    package var name: String
    /// The suite's `time` in seconds, or nil for none.
    package var seconds: Double?
    /// `<property>` names and values, in order.
    package var properties: [Property]
    /// The cases, in order.
    package var cases: [JUnitTestCase]

    /// One `<property>`.
    package struct Property: Sendable, Equatable {
        /// The property's name.
        package var name: String
        /// The property's value.
        package var value: String

        /// Creates a property.
        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a document.
    package init(name: String, seconds: Double?, properties: [Property], cases: [JUnitTestCase]) {
        self.name = name
        self.seconds = seconds
        self.properties = properties
        self.cases = cases
    }

    /// Renders the XML document, ending with a newline.
    package func render() -> String {
        let e = XMLEscaping.escape
        let count = { (outcome: JUnitTestCase.Outcome) in cases.filter { $0.outcome == outcome }.count }
        var attributes =
            "name=\"\(e(name))\" tests=\"\(cases.count)\" failures=\"\(count(.failed))\" errors=\"\(count(.error))\" skipped=\"\(count(.skipped))\""
        if let seconds { attributes += " time=\"\(Self.time(seconds))\"" }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite \(attributes)>\n"
        if !properties.isEmpty {
            out += "  <properties>\n"
            for property in properties {
                out += "    <property name=\"\(e(property.name))\" value=\"\(e(property.value))\"/>\n"
            }
            out += "  </properties>\n"
        }
        out += cases.map(render).joined()
        return out + "</testsuite>\n"
    }

    private func render(_ testCase: JUnitTestCase) -> String {
        let e = XMLEscaping.escape
        var out =
            "  <testcase classname=\"\(e(testCase.className))\" name=\"\(e(testCase.name))\" time=\"\(Self.time(testCase.seconds))\">\n"
        let type = e(testCase.type)
        let message = e(testCase.message)
        switch testCase.outcome {
        case .failed: out += "    <failure type=\"\(type)\" message=\"\(message)\">\(message)</failure>\n"
        case .skipped: out += "    <skipped message=\"\(message)\"/>\n"
        case .error: out += "    <error type=\"\(type)\" message=\"\(message)\">\(message)</error>\n"
        case .passed: break
        }
        if !testCase.output.isEmpty {
            out += "    <system-out>\(e(testCase.output.joined(separator: "\n")))</system-out>\n"
        }
        if !testCase.errorOutput.isEmpty {
            out += "    <system-err>\(e(testCase.errorOutput.joined(separator: "\n")))</system-err>\n"
        }
        return out + "  </testcase>\n"
    }

    /// Seconds with at most three decimals and no exponent: `1.550`, `0.000` (Surefire writes
    /// milliseconds; the `junit-10.xsd` that follows it rejects more decimals).
    package static func time(_ seconds: Double) -> String {
        let milliseconds = (seconds.isFinite ? max(0, seconds) : 0) * 1000
        guard milliseconds < 9e15 else { return "9000000000000.000" }
        let whole = Int64(milliseconds.rounded())
        let fraction = String(whole % 1000)
        return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
