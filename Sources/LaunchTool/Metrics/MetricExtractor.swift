import LaunchRunner
import LaunchTrace

/// Turns one launch trace into named metric values (see ``MetricCatalog``).
///
/// Values are in the metric's base unit: nanoseconds, bytes or a count. A metric the
/// trace does not contain (a phase not reached, a total that is `nil`, the resume metrics
/// of a warm launch, the stall and blocking-call metrics of an instrument that did not
/// run) is absent from the result, never zero.
///
/// ```swift
/// let values = MetricExtractor.values(of: trace)
/// values[.timeToFirstFrame]   // 412_000_000
/// ```
package enum MetricExtractor {
    /// The metrics of one trace, by name: every fixed definition's value and every family's
    /// members (``MetricCatalog/fixed``, ``MetricCatalog/families``).
    package static func values(of trace: LaunchTrace) -> [MetricName: Double] {
        var values: [MetricName: Double] = [:]
        for family in MetricCatalog.families {
            for (name, value) in family.values(trace) { values[name] = value }
        }
        for definition in MetricCatalog.fixed {
            if let value = definition.value(trace) { values[definition.name] = value }
        }
        return values
    }

    /// The metrics of the time before `main` of one breakdown (a pre-main launch's), by name.
    package static func values(of breakdown: PreMainBreakdown) -> [MetricName: Double] {
        var values: [MetricName: Double] = [:]
        for family in MetricCatalog.families {
            for (name, value) in family.preMainValues?(breakdown) ?? [] { values[name] = value }
        }
        for definition in MetricCatalog.fixed {
            if let value = definition.preMainValue?(breakdown) { values[definition.name] = value }
        }
        return values
    }

    /// The metrics of the whole process's resource use of one launch record (``LaunchTrace/ProcessUsage``),
    /// by name; empty when the record has none.
    package static func values(of record: LaunchRecord) -> [MetricName: Double] {
        guard let usage = record.usage else { return [:] }
        var values: [MetricName: Double] = [:]
        for definition in MetricCatalog.fixed {
            if let value = definition.usageValue?(usage) { values[definition.name] = value }
        }
        return values
    }
}
