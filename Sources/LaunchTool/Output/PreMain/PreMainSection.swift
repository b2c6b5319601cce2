import LaunchTrace

/// The "before main" part of the text and Markdown reports: the parts of the time to `main`,
/// a table of the objects (mapped size, loading, initializers, the slowest initializer) in load
/// order, and the advice.
///
/// ```swift
/// print(PreMainSection.text(scenario.preMain!))
/// ```
package enum PreMainSection {
    /// At most this many objects are listed (the costliest, kept in load order).
    package static let maxRows = 12

    /// The objects the table lists: the costliest ``maxRows`` in load order.
    static func rows(_ summary: PreMainSummary) -> (shown: [PreMainLibrary], hidden: Int) {
        let costliest = Set(
            summary.libraries.sorted { $0.loadNs + $0.initializersNs > $1.loadNs + $1.initializersNs }
                .prefix(maxRows).map(\.name))
        let shown = summary.libraries.filter { costliest.contains($0.name) }
        return (shown, summary.libraries.count - shown.count)
    }

    /// The parts of the time to main, on one line, then what measuring them cost.
    static func partsLine(_ summary: PreMainSummary) -> String {
        let parts = summary.parts.map { "\($0.name.words) \(ms($0.medianNs))" }.joined(separator: " · ")
        guard let cost = summary.instrumentCostNs else { return parts }
        let made = cost > 0 ? "\(ms(cost)) longer than" : "no longer than"
        return parts + " (the audit module made these launches \(made) the measurement launches, medians)"
    }

    /// The heading line.
    static func heading(_ summary: PreMainSummary) -> String {
        let percent = MetricKind.count.format((summary.coverage * 1000).rounded() / 10)
        var launches = summary.launches == 1 ? "1 launch" : "\(summary.launches) launches, medians"
        if let marked = summary.markedLaunches {
            launches += "; each object's relocation from \(marked) more with relocation marks"
        }
        return "Before main (\(launches)): \(ms(summary.totalNs)) to main, \(percent) % of it in the parts below"
    }

    /// The slowest initializer of a library, with how it spent its time.
    static func slowest(_ library: PreMainLibrary) -> String {
        guard let function = library.slowestInitializers.first, function.medianNs >= 10_000 else { return "" }
        let state = function.isMostlyBlocked ? "blocked" : "on CPU"
        return "\(function.function) \(ms(function.medianNs)) (\(state))"
    }

    /// An object's name with its origin when that says more than the name, and whether the
    /// executable uses it at all.
    static func label(_ library: PreMainLibrary) -> String {
        let name =
            switch library.origin {
            case .executable: "\(library.name) (executable)"
            case .instrument: "\(library.name) (launchprof's tracer)"
            default: library.name
            }
        return library.unused == true ? name + " (unused)" : name
    }

    static func ms(_ nanoseconds: Double) -> String { MetricKind.time.format(nanoseconds) }
}
