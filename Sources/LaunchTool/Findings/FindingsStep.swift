import LaunchSymbolication
import LaunchTrace

/// Turns the main-thread activity and the whole-launch profiles of a run's traces into findings
/// with advice: symbolicates
/// every stack (in the tool, after the launches), attributes and merges, and stores the
/// result in the summary, where reports and the policy read it, with the breakdown reasons'
/// metrics (`reason:<reason>`, ``RunSummary/addReasonMetrics(bootstrap:outliers:)``)
/// that budgets, compare and the history read.
package enum FindingsStep {
    /// Sets `summary.findings` when any trace recorded main-thread activity or a whole-launch
    /// profile, and adds the reasons' metrics of its breakdowns.
    package static func attach(
        to summary: inout RunSummary, traces: [LaunchTrace], symbolicator: Symbolicator = Symbolicator()
    ) {
        guard traces.contains(where: { $0.mainThread != nil || $0.profile?.source == .perf }) else { return }
        symbolicator.prepare(traces)
        summary.findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
        summary.addReasonMetrics()
    }
}
