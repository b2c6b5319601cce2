import Foundation

/// Whether standard output is a terminal (for colour and progress bars).
enum Terminal {
    static var stdoutIsTerminal: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
