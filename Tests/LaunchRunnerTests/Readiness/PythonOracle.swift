import Foundation

/// Python's `re.search` as the reference: all pairs through one interpreter, JSON in and out.
/// The interpreter is `LAUNCHPROF_TEST_PYTHON`, `/usr/bin/python3` otherwise (as in
/// LaunchTestSupport's `TestPython`, which this target does not link).
enum PythonOracle {
    /// The interpreter's path.
    static let path: String =
        ProcessInfo.processInfo.environment["LAUNCHPROF_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        ?? "/usr/bin/python3"

    /// Reads pairs from standard input and writes, for each, true, false, or the error Python raised.
    static let script = """
        import json, re, sys
        answers = []
        for pattern, line in json.load(sys.stdin):
            try:
                answers.append(re.search(pattern, line) is not None)
            except re.error as error:
                answers.append("error: " + str(error))
        json.dump(answers, sys.stdout)
        """

    /// One answer: whether the pattern matched, or Python's error.
    enum Answer: Decodable, Equatable {
        case matched(Bool)
        case error(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let matched = try? container.decode(Bool.self) {
                self = .matched(matched)
            } else {
                self = .error(try container.decode(String.self))
            }
        }
    }

    /// What `re.search(pattern, line)` says of each pair, in order.
    static func search(_ pairs: [(pattern: String, line: String)]) throws -> [Answer] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let request = try JSONSerialization.data(withJSONObject: pairs.map { [$0.pattern, $0.line] })
        // The reply is read only after the whole request is written: Python reads it all first.
        input.fileHandleForWriting.write(request)
        try input.fileHandleForWriting.close()
        let reply = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OracleError(status: process.terminationStatus) }
        return try JSONDecoder().decode([Answer].self, from: reply)
    }

    /// Python did not run to the end.
    struct OracleError: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "\(PythonOracle.path) exited with status \(status)" }
    }
}
