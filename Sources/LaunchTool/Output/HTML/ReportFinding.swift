import LaunchTrace

/// A finding as the HTML and Markdown reports show it: what blocked the main thread, and what
/// to do. Made from the analysis's ``Finding``, or given directly.
package struct ReportFinding: Codable, Sendable, Equatable {
    /// One line: the function, the phase and the cost.
    package var title: String
    /// A sentence or two: kind, launches, confidence.
    package var detail: String
    /// What to do, as a sentence.
    package var advice: String
    /// A concrete rewrite, when there is one.
    package var rewrite: String?
    /// The title without its cost (the function and the phase), to refer to the finding by.
    package var place: String?

    /// Creates a finding.
    package init(title: String, detail: String, advice: String, rewrite: String? = nil, place: String? = nil) {
        self.title = title
        self.place = place
        self.detail = detail
        self.advice = advice
        self.rewrite = rewrite
    }

    /// The report's view of an analysed finding.
    package init(_ finding: Finding, endpoint: LaunchEndpoint? = nil) {
        let phase = finding.site.phase.map { " in \($0.rawValue)" } ?? ""
        place = "\(finding.site.functionWithLocation)\(phase)"
        title = "\(finding.site.functionWithLocation)\(phase): \(FindingsSection.cost(finding, endpoint: endpoint))"
        var parts = [
            "\(finding.site.kind.rawValue) on the main thread",
            "in \(finding.launches) of \(finding.analyzedLaunches) launches",
            "\(finding.confidence.rawValue) confidence",
        ]
        if finding.touchesUI { parts.append("touches UI objects") }
        if !finding.resources.isEmpty { parts.append("resources: " + finding.resources.joined(separator: ", ")) }
        detail = parts.joined(separator: "; ") + "."
        advice = finding.advice.summary
        rewrite = finding.advice.rewrite.isEmpty ? nil : finding.advice.rewrite
    }

    /// For each finding, the index of the first earlier one with the same advice and rewrite
    /// (``FindingsSection/earlierSameAdvice(_:)``).
    package static func earlierSameAdvice(_ findings: [ReportFinding]) -> [Int?] {
        FindingsSection.earlierSameAdvice(findings.map { $0.advice + "\n" + ($0.rewrite ?? "") })
    }

    /// The top `limit` findings of a run, if it has any.
    package static func top(_ findings: RunFindings?, limit: Int) -> [ReportFinding] {
        (findings?.top(limit) ?? []).map { ReportFinding($0, endpoint: findings?.endpoint) }
    }
}
