/// A finding as the visual reports show it: what blocked the main thread, and what to do.
/// Made from the analysis's findings by the caller, so the renderers do not depend on how
/// findings are computed.
public struct ReportFinding: Codable, Sendable, Equatable {
    /// One line: the function, the phase and the cost.
    public var title: String
    /// A sentence or two: kind, share of the phase and of time to first frame, confidence.
    public var detail: String
    /// What to do, as a sentence.
    public var advice: String
    /// A concrete rewrite, when there is one.
    public var rewrite: String?

    /// Creates a finding.
    public init(title: String, detail: String, advice: String, rewrite: String? = nil) {
        self.title = title
        self.detail = detail
        self.advice = advice
        self.rewrite = rewrite
    }
}
