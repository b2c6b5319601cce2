import Foundation
import LaunchAnalysis
import LaunchTrace

/// GitHub Actions workflow commands (`::error title=…::message`) for the rules and policy
/// verdicts that did not pass, so a pull request shows them as annotations.
///
/// Error-level failures are `::error`, warn-level ones `::warning`, inconclusive rules
/// `::notice`; passing rules print nothing. A last `::notice` line gives the result.
///
/// ```swift
/// print(GitHubAnnotations().render(summary: summary, evaluation: evaluation), terminator: "")
/// ```
public struct GitHubAnnotations: Sendable, Equatable {
    /// Creates the renderer.
    public init() {}

    /// The workflow command lines, each ending with a newline.
    public func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        var lines: [String] = []
        for verdict in evaluation.verdicts where verdict.status != .pass {
            let command =
                verdict.status == .inconclusive ? "notice" : verdict.rule.level == .error ? "error" : "warning"
            lines.append(Self.command(command, title: "launchprof: \(verdict.rule.title)", message: verdict.message))
        }
        for verdict in evaluation.policyVerdicts {
            let title = "launchprof policy: " + (verdict.function ?? "main-thread work")
            lines.append(
                Self.command(verdict.level == .error ? "error" : "warning", title: title, message: verdict.message))
        }
        let result =
            "\(ReportText.appName(summary)): \(ReportText.result(evaluation.status)); \(ReportText.launchesLine(summary))"
        lines.append(Self.command("notice", title: "launchprof", message: result))
        return lines.map { $0 + "\n" }.joined()
    }

    /// One workflow command with its property and data escaped as GitHub's runner expects.
    static func command(_ name: String, title: String, message: String) -> String {
        "::\(name) title=\(escapeProperty(title))::\(escapeData(message))"
    }

    /// `%`, CR and LF percent-encoded (a command's message).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// ``escapeData(_:)`` and `:` and `,` percent-encoded (a command's property).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
