import Foundation
import LaunchRunner

/// What `launchprof bisect` does: the range, build and test (``BisectSettings``, recorded for a
/// resume), how each commit's program is launched, and the folder.
package struct BisectPlan: Sendable, Equatable {
    /// The range, build command, program and test.
    package var settings: BisectSettings
    /// How each build's program is launched; its executable is replaced by the program in the
    /// commit's worktree.
    package var launch: LaunchSpecification
    /// The seed of every step's randomised block order.
    package var seed: UInt64

    /// Creates a plan.
    package init(settings: BisectSettings, launch: LaunchSpecification, seed: UInt64) {
        self.settings = settings
        self.launch = launch
        self.seed = seed
    }

    /// The launch of the program built in `worktree`.
    func specification(in worktree: URL) -> LaunchSpecification {
        var specification = launch
        specification.executable = worktree.appendingPathComponent(settings.program).path
        specification.arguments = settings.arguments
        return specification
    }

    /// The comparison of the good commit's program (in `base`) against a candidate's (in `head`),
    /// each step at error rate `alpha`: with `reference`, the bad commit's program, launched in
    /// every block beside them, the candidate placed between the two in the metrics of `gaps`;
    /// without, the ends' comparison, decided against `--min-effect`. Every program gets
    /// diagnosis launches, so that the step of the first bad commit names the functions whose
    /// cost moved; the compared times are the measurement launches'.
    func comparison(base: URL, head: URL, reference: URL?, gaps: [BisectGap], alpha: Double) -> ComparisonPlan {
        var comparison = settings.comparison
        comparison.alpha = alpha
        let metrics = gaps.isEmpty ? settings.metrics : gaps.map(\.metric)
        var plan = ComparisonPlan(
            base: specification(in: base), head: specification(in: head), warmup: settings.warmup,
            metrics: metrics, settings: comparison, maxRuns: settings.maxRuns, seed: seed
        )
        plan.diagnosesPrograms = true
        plan.reference = reference.map(specification(in:))
        return plan
    }
}
