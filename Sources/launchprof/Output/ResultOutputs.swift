import Foundation
import LaunchTool
import LaunchTrace

/// The files a command writes besides its printed result: the `--export-*` files and GitHub's
/// step summary. They are written before the result is printed, so that the result printed is
/// the exit code: when one cannot be written, the status becomes
/// ``LaunchTool/ProfilerExitStatus/usageError`` (exit 1; an interrupted run stays 130), the
/// exports are written again with it, and the caller prints it, puts it in `verdicts.json` and
/// returns it.
struct ResultOutputs {
    /// The exports asked for.
    let exports: ExportOptions
    /// The traces (for the OTLP export).
    let traces: [LaunchTrace]

    /// Writes every output; returns the errors of those that could not be written, after
    /// changing `evaluation`'s status as the type's description says.
    func write(summary: RunSummary, evaluation: inout BudgetEvaluation) -> [any Error] {
        var failures: [any Error] = []
        do {
            try exports.write(summary: summary, evaluation: evaluation, traces: traces)
        } catch {
            failures.append(error)
            Self.markFailed(&evaluation)
            try? exports.write(summary: summary, evaluation: evaluation, traces: traces)
        }
        do {
            try StepSummary(environment: ProcessInfo.processInfo.environment)?.append(
                summary: summary, evaluation: evaluation)
        } catch {
            failures.append(error)
            if failures.count == 1 {
                Self.markFailed(&evaluation)
                try? exports.write(summary: summary, evaluation: evaluation, traces: traces)
            }
        }
        return failures
    }

    /// Writes each failure to standard error, as the command's errors are.
    static func report(_ failures: [any Error]) {
        for failure in failures {
            Terminal.printError("launchprof: \(failure)")
        }
    }

    private static func markFailed(_ evaluation: inout BudgetEvaluation) {
        if evaluation.status != .interrupted { evaluation.runStatus = .usageError }
    }
}
