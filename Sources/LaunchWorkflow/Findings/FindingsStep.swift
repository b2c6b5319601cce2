import LaunchAnalysis
import LaunchSymbolication
import LaunchTrace

/// Turns the main-thread activity of a run's traces into findings with advice: symbolicates
/// every stack (in the tool, after the launches), attributes and merges, and stores the
/// result in the summary, where reports and the policy read it.
public enum FindingsStep {
    /// Sets `summary.findings` when any trace recorded main-thread activity.
    public static func attach(to summary: inout RunSummary, traces: [LaunchTrace]) {
        guard traces.contains(where: { $0.mainThread != nil }) else { return }
        let symbolicator = Symbolicator()
        symbolicator.prepare(traces)
        summary.findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
    }
}
