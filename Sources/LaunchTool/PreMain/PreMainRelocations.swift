import LaunchSymbolication
import LaunchTrace
import Synchronization

/// Each object's relocation (``PreMainRelocation``) from its ELF file, with the symbol lookups
/// replayed as the loader makes them: every object searched in load order (the executable, then
/// its libraries breadth first) up to the first that exports the symbol. Each set of files is
/// read once per process.
package enum PreMainRelocations {
    private static let cache = Mutex<[[String]: [PreMainRelocation?]]>([:])

    /// The relocations of the objects at `paths` (load order; nil for one that cannot be read,
    /// such as the vDSO), without estimates.
    package static func counted(paths: [String]) -> [PreMainRelocation?] {
        if let known = cache.withLock({ $0[paths] }) { return known }
        let files = paths.map { path in path.hasPrefix("/") ? try? ELFRelocations(contentsOf: path) : nil }
        let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let counted = files.enumerated().map { index, file in
            file.map { relocation(of: $0, at: index, among: files, names: names) }
        }
        cache.withLock { $0[paths] = counted }
        return counted
    }

    /// The relocations of a breakdown's objects, each with its timed relocation (when marked)
    /// and its estimated share.
    package static func estimated(for breakdown: PreMainBreakdown) -> [PreMainRelocation?] {
        let timed = breakdown.objects.indices.map { breakdown.relocationNs(of: $0).map(Double.init) }
        return estimated(
            counted(paths: breakdown.objects.map(\.path)), relocationNs: Double(breakdown.relocationNs), timed: timed)
    }

    /// `relocations` with `relocationNs` shared out by ``RelocationCostModel``, and each object's
    /// time (`timed`, else its share) split by kind in proportion to its own weights.
    package static func estimated(
        _ relocations: [PreMainRelocation?], relocationNs: Double, timed: [Double?] = []
    ) -> [PreMainRelocation?] {
        guard let shares = RelocationCostModel.shares(relocations) else { return relocations }
        return zip(relocations, shares).enumerated().map { index, pair in
            guard var relocation = pair.0 else { return nil }
            relocation.estimatedNs = (pair.1.relative + pair.1.symbol) * relocationNs
            relocation.timedNs = index < timed.count ? timed[index] : nil
            let total = pair.1.relative + pair.1.symbol
            let relativeShare = total > 0 ? pair.1.relative / total : 0
            relocation.estimatedRelativeNs = relativeShare * relocation.relocationNs
            relocation.estimatedSymbolNs = relocation.relocationNs - relocation.estimatedRelativeNs
            return relocation
        }
    }

    /// The order the loader searches the objects in: load order, but the loader itself, which
    /// the audit module sees second, comes where the breadth-first search of the executable's
    /// dependencies finds it, after the libraries that need it (taken here as last).
    static func searchOrder(_ names: [String]) -> [Int] {
        let isLoader = names.map { $0.hasPrefix("ld-linux") || $0.hasPrefix("ld64.so") }
        return names.indices.filter { !isLoader[$0] } + names.indices.filter { isLoader[$0] }
    }

    /// One object's counts and its lookups replayed over `files` in load order.
    static func relocation(of file: ELFRelocations, at index: Int, among files: [ELFRelocations?], names: [String])
        -> PreMainRelocation
    {
        var searched = 0
        var own = 0
        var sources: [String: Int] = [:]
        let scope = searchOrder(names)
        for (symbol, lookups) in file.lookups {
            var position = 0
            var definer: Int?
            for candidate in scope {
                guard let other = files[candidate] else { continue }
                position += 1
                if other.exports.contains(symbol) {
                    definer = candidate
                    break
                }
            }
            searched += position * lookups
            if definer == index { own += lookups }
            sources[definer.map { names[$0] } ?? "(not found)", default: 0] += lookups
        }
        let definedIn = sources.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map {
            PreMainSymbolSource(library: $0.key, lookups: $0.value)
        }
        return PreMainRelocation(
            relative: file.relative, packedRelative: file.packedRelative, symbolic: file.symbolic, plt: file.plt,
            bindsNow: file.bindsNow, positionIndependent: file.isPositionIndependent,
            writtenPages: file.writtenPages, relativePages: file.relativePages, lookups: file.lookupCount,
            objectsSearched: searched, ownLookups: own, definedIn: Array(definedIn))
    }
}
