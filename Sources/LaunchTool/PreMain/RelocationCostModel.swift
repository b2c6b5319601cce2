import LaunchTrace

/// How the timed relocation part is shared out among objects and between the two kinds of
/// relocation: each object's work is weighed from its counts with the costs below, and the
/// measured time is divided in proportion, so the shares add up to it. The costs were measured
/// on the development machine (a 2-core AMD EPYC VM) with C programs of known counts
/// (`python3 Benchmarks/scripts/relocation-cost.py`: a page 16 µs, a relative relocation 42 ns, a
/// lookup searching two objects 433 ns); only their ratios matter here.
package enum RelocationCostModel {
    /// One relative relocation: read its entry, write one word.
    package static let relativeNs = 40.0
    /// One page copied on its first write (a copy-on-write fault of the object's data).
    package static let pageNs = 16_000.0
    /// One symbol lookup, before the objects it searches.
    package static let lookupNs = 250.0
    /// Each object a lookup searches (its hash table's Bloom filter, often a chain and a compare).
    package static let searchedObjectNs = 100.0
    /// One symbol relocation's own write.
    package static let symbolWriteNs = 40.0

    /// The weights of an object's relative and symbol relocations.
    package static func weights(_ relocation: PreMainRelocation) -> (relative: Double, symbol: Double) {
        let relative = Double(relocation.relative) * relativeNs + Double(relocation.relativePages) * pageNs
        let symbolPages = max(0, relocation.writtenPages - relocation.relativePages)
        let symbol =
            Double(relocation.symbolic + relocation.plt) * symbolWriteNs + Double(relocation.lookups) * lookupNs
            + Double(relocation.objectsSearched) * searchedObjectNs + Double(symbolPages) * pageNs
        return (relative, symbol)
    }

    /// Each object's share of the relocation time (summing to 1), in the order given; nil when
    /// no object has any weight.
    package static func shares(_ relocations: [PreMainRelocation?]) -> [(relative: Double, symbol: Double)]? {
        let weights: [(relative: Double, symbol: Double)] = relocations.map { relocation in
            relocation.map { Self.weights($0) } ?? (0, 0)
        }
        let total = weights.reduce(0) { $0 + $1.relative + $1.symbol }
        guard total > 0 else { return nil }
        return weights.map { ($0.relative / total, $0.symbol / total) }
    }
}
