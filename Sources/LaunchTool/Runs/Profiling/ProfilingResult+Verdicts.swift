import Foundation

extension ProfilingResult {
    /// Writes the run folder's verdicts.json, once, with the status the command ends with
    /// (``BudgetEvaluation/status``: the budgets', or what the run, its outputs or its report
    /// made of it). The command calls it after its exports, before its printed report (and again
    /// when standard output could not be written).
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when the file cannot be written.
    package func writeVerdicts() throws {
        try JSONReport(summary: summary, evaluation: evaluation).write(to: folder.verdictsURL, summaryJSON: summaryJSON)
    }
}
