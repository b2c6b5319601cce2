import Foundation
import LaunchTrace

/// The GitHub Actions job summary: when `GITHUB_STEP_SUMMARY` names a file, `run` and `check`
/// append their Markdown report to it, whatever `--format` prints.
///
/// ```swift
/// try StepSummary(environment: ProcessInfo.processInfo.environment)?.append(summary: summary, evaluation: evaluation)
/// ```
package struct StepSummary: Sendable, Equatable {
    /// The variable GitHub Actions sets to the job summary's file.
    package static let variable = "GITHUB_STEP_SUMMARY"

    /// The job summary file.
    package var path: String

    /// The step summary of `environment`, or nil when the variable is unset or empty.
    package init?(environment: [String: String]) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Appends the Markdown report (and a blank line) to the file, creating it if needed;
    /// earlier steps' summaries are kept (the file is opened for appending only).
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file when it cannot be written.
    package func append(summary: RunSummary, evaluation: BudgetEvaluation) throws {
        let markdown = MarkdownReport().render(summary: summary, evaluation: evaluation) + "\n"
        // O_NONBLOCK: a named pipe with no reader fails at once (ENXIO) instead of waiting for one.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "it is a named pipe with no reader" : String(cString: strerror(errno))
            throw LaunchProfilerError.workflow(
                "Cannot open the GitHub step summary \(path) (\(Self.variable)) for appending: \(reason)."
            )
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(markdown.utf8))
        } catch {
            throw LaunchProfilerError.workflow(
                "Cannot append the report to the GitHub step summary \(path) (\(Self.variable)): \(error.localizedDescription)."
            )
        }
    }
}
