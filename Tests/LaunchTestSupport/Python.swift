import Foundation

/// Python 3 with a script, for the real parsers (jsonschema, prometheus_client).
package enum Python {
    package static func run(_ script: String, _ arguments: [String], input: String = "") throws -> ProductProcess.Output
    {
        let process = Process()
        process.executableURL = URL(filePath: TestPython.path)
        process.arguments = ["-c", script] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProductProcess.Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
