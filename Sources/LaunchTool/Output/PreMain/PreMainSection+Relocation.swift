import LaunchTrace

/// The relocation part of the "before main" section: the timed relocation split by kind and by
/// object (estimates, said so), each object's counts and where its symbols came from.
extension PreMainSection {
    /// At most this many objects are listed in the relocation table (the costliest first).
    package static let maxRelocationRows = 8

    /// The objects with a relocation estimate, costliest first, at most ``maxRelocationRows``.
    static func relocationRows(_ summary: PreMainSummary) -> [PreMainLibrary] {
        Array(
            summary.libraries.filter { ($0.relocation?.relocationNs ?? 0) > 0 }
                .sorted { ($0.relocation?.relocationNs ?? 0) > ($1.relocation?.relocationNs ?? 0) }
                .prefix(maxRelocationRows))
    }

    /// The line that splits the timed relocation by object and kind, nil without any relocation
    /// counted: the objects' medians, split by kind (estimated), and the rest.
    static func relocationLine(_ summary: PreMainSummary) -> String? {
        let relocations = summary.libraries.compactMap(\.relocation)
        guard let total = summary.parts.first(where: { $0.name == .relocation }),
            relocations.contains(where: { $0.relocationNs > 0 })
        else { return nil }
        let relative = relocations.reduce(0.0) { $0 + $1.estimatedRelativeNs }
        let symbol = relocations.reduce(0.0) { $0 + $1.estimatedSymbolNs }
        let timed = relocations.filter { $0.timedNs != nil }.count
        let onCpu = total.medianCpuNs.map { " (on a CPU \(ms($0)))" } ?? ""
        let objects =
            timed > 0
            ? "\(timed) objects timed one by one\(markedIn(summary)), their medians \(ms(relative + symbol))"
            : "the objects' shares, estimated from their counts, \(ms(relative + symbol))"
        let rest = max(0, total.medianNs - relative - symbol)
        return "relocation \(ms(total.medianNs))\(onCpu): \(objects), of it relative relocations about "
            + "\(ms(relative)) (\(count(relocations.reduce(0) { $0 + $1.relative }))) and symbol relocations about "
            + "\(ms(symbol)) (\(count(relocations.reduce(0) { $0 + $1.symbolBeforeMain })), "
            + "\(count(relocations.reduce(0) { $0 + $1.lookups })) lookups), the split by kind estimated from the "
            + "counts; \(count(relocations.reduce(0) { $0 + $1.writtenPages })) pages written, each a copy-on-write "
            + "page fault; the rest, \(ms(rest)), the loader's own and any time off the CPU (docs/premain.md)"
    }

    /// Where the objects' relocation was timed, when not in the launches that give the parts.
    static func markedIn(_ summary: PreMainSummary) -> String {
        guard let marked = summary.markedLaunches else { return "" }
        return " (by the marks of \(marked == 1 ? "1 launch" : "\(marked) launches"))"
    }

    /// The relocation table's header.
    static let relocationHeader = [
        "object", "relocation", "relative", "pages written", "symbol", "lookups", "objects searched",
        "symbols from",
    ]

    /// One object's cells in the relocation table.
    static func relocationCells(_ library: PreMainLibrary) -> [String] {
        guard let relocation = library.relocation else { return [] }
        let searched =
            relocation.lookups > 0
            ? MetricKind.count.format(
                (Double(relocation.objectsSearched) / Double(relocation.lookups) * 10).rounded() / 10) + " per lookup"
            : ""
        let sources = relocation.definedIn.prefix(2).map { "\($0.library) \(count($0.lookups))" }
            .joined(separator: ", ")
        return [
            label(library), relocation.timedNs.map(ms) ?? "about \(ms(relocation.estimatedNs)) (est.)",
            count(relocation.relative), count(relocation.writtenPages),
            count(relocation.symbolBeforeMain), count(relocation.lookups), searched, sources,
        ]
    }

    /// What an advice's saving is: measured, a lower bound, or an estimate.
    static func savingWords(_ advice: PreMainAdvice) -> String {
        if let measured = advice.measured, measured.decision == .improved {
            return "saves \(ms(measured.savingNs)) (measured)"
        }
        guard advice.estimate != nil else { return saving(advice) }
        return (advice.savingIsLowerBound ? "saves at least about " : "saves about ") + ms(advice.savingNs)
            + " (estimated)"
    }

    private static func count(_ value: Int) -> String { PreMainRelocation.format(count: value) }
}
