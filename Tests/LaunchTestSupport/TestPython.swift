import Foundation

/// The one Python interpreter every test runs (the JSON Schema validator, the JUnit and
/// OpenMetrics readers, the OTLP reader, the PostgreSQL helper): the one `scripts/test` installs
/// the readers for and names in `LAUNCHPROF_TEST_PYTHON`, Debian's `/usr/bin/python3` otherwise.
package enum TestPython {
    /// The interpreter's path.
    package static let path: String =
        ProcessInfo.processInfo.environment["LAUNCHPROF_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "/usr/bin/python3"
}
