/// The formats `launchprof report` renders a run folder in.
package enum RunReportFormat: String, Sendable, CaseIterable {
    /// One self-contained page.
    case html
    /// A pull-request comment.
    case markdown
    /// Trace Event JSON for Perfetto or chrome://tracing.
    case chromeTrace = "chrome-trace"
    /// A speedscope.app file.
    case speedscope
    /// Folded stacks for flamegraph.pl.
    case folded

    /// Whether a chosen launch filters the traces (the others show it, or the median, inside).
    var filtersByLaunch: Bool { self != .html && self != .markdown }
}
