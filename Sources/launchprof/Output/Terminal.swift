import Foundation
import LaunchTrace

/// Whether standard output is a terminal (for colour and progress bars), and the writes to
/// standard output and standard error (``LaunchTrace/StandardStream``: never a trap).
enum Terminal {
    static var stdoutIsTerminal: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes `text` and a newline to standard error; a failure is dropped.
    static func printError(_ text: String) {
        StandardStream.error.writeLine(text)
    }

    /// Writes `text` and `terminator` to standard output, as `print` does, but a write that fails
    /// (`/dev/full`, a reader that went away) is an error: the command's output is lost.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` saying why standard output cannot be written.
    static func write(_ text: String, terminator: String = "\n") throws(LaunchProfilerError) {
        try StandardStream.output.write(text + terminator)
    }
}
