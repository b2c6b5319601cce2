import LaunchAnalysis
import LaunchTrace

/// The relocation part of the "before main" section: the timed relocation split by kind and by
/// object (estimates, said so), each object's counts and where its symbols came from.
extension PreMainSection {
    /// At most this many objects are listed in the relocation table (the costliest first).
    public static let maxRelocationRows = 8

    /// The objects with a relocation estimate, costliest first, at most ``maxRelocationRows``.
    static func relocationRows(_ summary: PreMainSummary) -> [PreMainLibrary] {
        Array(
            summary.libraries.filter { ($0.relocation?.relocationNs ?? 0) > 0 }
                .sorted { ($0.relocation?.relocationNs ?? 0) > ($1.relocation?.relocationNs ?? 0) }
                .prefix(maxRelocationRows))
    }

    /// The line that splits the timed relocation by kind, nil without any relocation counted.
    static func relocationLine(_ summary: PreMainSummary) -> String? {
        let relocations = summary.libraries.compactMap(\.relocation)
        guard let total = summary.parts.first(where: { $0.name == .relocation }),
            relocations.contains(where: { $0.relocationNs > 0 })
        else { return nil }
        let timed = relocations.filter { $0.timedNs != nil }.count
        let relative = relocations.reduce(0.0) { $0 + $1.estimatedRelativeNs }
        let symbol = relocations.reduce(0.0) { $0 + $1.estimatedSymbolNs }
        let relatives = relocations.reduce(0) { $0 + $1.relative }
        let pages = relocations.reduce(0) { $0 + $1.writtenPages }
        let symbols = relocations.reduce(0) { $0 + $1.symbolBeforeMain }
        let lookups = relocations.reduce(0) { $0 + $1.lookups }
        let objects =
            timed > 0
            ? "\(timed) objects timed one by one, the others estimated from their counts"
            : "by object estimated from the counts"
        return "relocation \(ms(total.medianNs)) (\(objects)): relative relocations about \(ms(relative)) "
            + "(\(count(relatives))), symbol relocations about \(ms(symbol)) (\(count(symbols)), \(count(lookups)) "
            + "lookups); \(count(pages)) pages written, each a copy-on-write page fault; the split by kind is "
            + "estimated from the counts (docs/premain.md)"
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
        guard advice.estimate != nil else { return saving(advice) }
        return (advice.savingIsLowerBound ? "saves at least about " : "saves about ") + ms(advice.savingNs)
            + " (estimated)"
    }

    private static func count(_ value: Int) -> String { PreMainRelocation.format(count: value) }
}
