import Foundation
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
package struct GitHubAnnotations: Sendable, Equatable {
    /// The workspace the annotations' file paths are relative to (`GITHUB_WORKSPACE`), or nil.
    package var workspace: String?

    /// GitHub shows at most this many error annotations of a step (and as many warnings): the
    /// most important come first, and the rest are counted in one more line.
    package static let annotationsShown = 10

    /// Creates the renderer; `workspace` defaults to `GITHUB_WORKSPACE`.
    package init(workspace: String? = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]) {
        self.workspace = workspace
    }

    /// The workflow command lines, each ending with a newline: failed launches and failed
    /// error-level rules and policy as errors, warn-level ones as warnings, inconclusive rules as
    /// notices, the most important of each first; a policy verdict on a function whose source is
    /// known carries `file=` and `line=` so it attaches to the diff.
    package func render(summary: RunSummary, evaluation: BudgetEvaluation) -> String {
        var annotations = Self.launchAnnotations(summary) + ruleAnnotations(evaluation)
        annotations += policyAnnotations(evaluation, findings: summary.findings?.findings ?? [])
        var lines: [String] = []
        for command in ["error", "warning", "notice"] {
            let ofKind = annotations.filter { $0.command == command }
            lines += ofKind.prefix(Self.annotationsShown).map(\.line)
            if ofKind.count > Self.annotationsShown {
                lines.append(
                    Self.command(
                        "notice", title: "launchprof",
                        message:
                            "\(ofKind.count - Self.annotationsShown) more \(command)s in the report (GitHub shows \(Self.annotationsShown))."
                    ))
            }
        }
        let result =
            "\(summary.run.displayName): \(ReportText.result(evaluation.status)); \(ReportText.launchesLine(summary))"
        lines.append(Self.command("notice", title: "launchprof", message: result))
        return lines.map { $0 + "\n" }.joined()
    }

    /// One annotation: its command and its line.
    struct Annotation {
        var command: String
        var line: String
    }

    /// Each launch that did not complete, as an error.
    static func launchAnnotations(_ summary: RunSummary) -> [Annotation] {
        summary.launches.filter { $0.outcome != .completed }.map { record in
            let message =
                "Launch \(record.index): \(ReportText.outcomeName(record.outcome))"
                + (record.message.map { ": \($0)" } ?? "")
            return Annotation(
                command: "error",
                line: command("error", title: "launchprof: launch \(record.index) failed", message: message))
        }
    }

    private func ruleAnnotations(_ evaluation: BudgetEvaluation) -> [Annotation] {
        evaluation.verdicts.filter { $0.status != .pass }.map { verdict in
            let command =
                verdict.status == .inconclusive ? "notice" : verdict.rule.level == .error ? "error" : "warning"
            return Annotation(
                command: command,
                line: Self.command(command, title: "launchprof: \(verdict.rule.title)", message: verdict.message))
        }
    }

    /// Policy verdicts, costliest first, at their source when it is known.
    private func policyAnnotations(_ evaluation: BudgetEvaluation, findings: [Finding]) -> [Annotation] {
        evaluation.policyVerdicts.sorted { ($0.medianCostNs ?? 0) > ($1.medianCostNs ?? 0) }.map { verdict in
            let command = verdict.level == .error ? "error" : "warning"
            let title = "launchprof policy: " + (verdict.function ?? "main-thread work")
            let location = verdict.findingID.flatMap { id in findings.first { $0.id == id }?.site.location }
            var properties = ["title": title]
            if let location, let file = relative(location.file) {
                properties["file"] = file
                properties["line"] = "\(location.line)"
            }
            return Annotation(
                command: command, line: Self.command(command, properties: properties, message: verdict.message))
        }
    }

    /// `path` relative to the workspace, nil when it is outside it (GitHub attaches only paths
    /// of the repository).
    func relative(_ path: String) -> String? {
        guard let workspace, !workspace.isEmpty else { return path.hasPrefix("/") ? nil : path }
        let root = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : nil
    }

    /// One workflow command with its property and data escaped as GitHub's runner expects.
    static func command(_ name: String, title: String, message: String) -> String {
        command(name, properties: ["title": title], message: message)
    }

    /// One workflow command with properties (`file`, `line`, `title`, in that order).
    static func command(_ name: String, properties: [String: String], message: String) -> String {
        let order = ["file", "line", "title"]
        let text = order.compactMap { key in properties[key].map { "\(key)=\(escapeProperty($0))" } }
        return "::\(name) \(text.joined(separator: ","))::\(escapeData(message))"
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
