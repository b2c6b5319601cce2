import LaunchTrace

extension MetricName {
    /// Whether the metric is one of the parts a launch's time is made of, that a regression can
    /// be localised to: a phase's duration (UIKit's or a program's own), a span, a part of the
    /// time before `main` (`preMain.relocation`, `library.libFoo.so.initializers`; not
    /// `preMain.total`, their sum).
    package var isLaunchPart: Bool {
        if rawValue.hasPrefix(Self.spanPrefix) { return true }
        if isPreMainMetric { return self != .preMainTotal }
        guard let phase = phaseMetric, phase.part == nil, !hasReservedPhasePrefix else { return false }
        return (MetricCatalog.kind(of: self) ?? .time) == .time
    }
}
