import ArgumentParser
import Foundation
import LaunchAnalysis
import LaunchReports

/// The formats `run` and `check` print their result in.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, junit

    /// Renders the summary and verdicts; colour only for text on a terminal.
    func render(summary: RunSummary, evaluation: BudgetEvaluation, colored: Bool) throws -> String {
        switch self {
        case .text: TextReport(colored: colored).render(summary: summary, evaluation: evaluation)
        case .json: try JSONReport(summary: summary, evaluation: evaluation).render()
        case .markdown: MarkdownReport().render(summary: summary, evaluation: evaluation)
        case .junit: JUnitReport().render(summary: summary, evaluation: evaluation)
        }
    }
}
