import LaunchTrace

/// One object's relocation before `main`: its relocations by kind, counted from its ELF file's
/// dynamic section, the symbol lookups they needed and where the symbols were found (the
/// loader's search, replayed over the objects in load order), the pages they write, and its
/// share of the timed relocation.
///
/// The audit module times each object's relocation with a mark after its last relocation
/// (``timedNs``). What is **estimated** (apportioned by ``RelocationCostModel`` from these counts,
/// not timed) is said so: the split of an object's time between relative and symbol relocations,
/// and the time of an object the module could not mark (``estimatedNs``, its share of the whole).
package struct PreMainRelocation: Codable, Sendable, Equatable {
    /// Relative relocations: the object's own addresses moved by its load address.
    package var relative: Int
    /// Of ``relative``, those packed in `DT_RELR` (`-z pack-relative-relocs`).
    package var packedRelative: Int
    /// Relocations that name a symbol (`GLOB_DAT`, absolute, TLS, `COPY`).
    package var symbolic: Int
    /// PLT slots (`JUMP_SLOT`), bound before `main` only when the object binds now.
    package var plt: Int
    /// Whether the object binds every symbol before `main` (`-z now`).
    package var bindsNow: Bool
    /// Whether the object is position independent (a library, a PIE executable).
    package var positionIndependent: Bool
    /// Distinct pages relocations write: each is copied on its first write (a page fault).
    package var writtenPages: Int
    /// Of ``writtenPages``, those written by relative relocations.
    package var relativePages: Int
    /// Symbol lookups before `main`.
    package var lookups: Int
    /// Objects the lookups searched, summed (each lookup searches the objects in load order up
    /// to the one that defines the symbol).
    package var objectsSearched: Int
    /// Lookups that found a symbol of the object itself: an exported symbol its own code uses,
    /// which every object before it in load order could interpose.
    package var ownLookups: Int
    /// Where the looked-up symbols were found, most lookups first (at most five).
    package var definedIn: [PreMainSymbolSource]
    /// The median time the loader took to relocate it, as the audit module timed it; nil when
    /// it was not marked.
    package var timedNs: Double?
    /// The object's estimated share of the median relocation time (apportioned from the counts).
    package var estimatedNs: Double
    /// Of ``relocationNs``, the relative relocations' (their writes and page faults), estimated.
    package var estimatedRelativeNs: Double
    /// Of ``relocationNs``, the symbol relocations' (lookups, their writes and page faults), estimated.
    package var estimatedSymbolNs: Double

    /// Creates an object's relocation.
    package init(
        relative: Int, packedRelative: Int, symbolic: Int, plt: Int, bindsNow: Bool, positionIndependent: Bool,
        writtenPages: Int, relativePages: Int, lookups: Int, objectsSearched: Int, ownLookups: Int,
        definedIn: [PreMainSymbolSource], estimatedNs: Double = 0, estimatedRelativeNs: Double = 0,
        estimatedSymbolNs: Double = 0
    ) {
        self.relative = relative
        self.packedRelative = packedRelative
        self.symbolic = symbolic
        self.plt = plt
        self.bindsNow = bindsNow
        self.positionIndependent = positionIndependent
        self.writtenPages = writtenPages
        self.relativePages = relativePages
        self.lookups = lookups
        self.objectsSearched = objectsSearched
        self.ownLookups = ownLookups
        self.definedIn = definedIn
        self.estimatedNs = estimatedNs
        self.estimatedRelativeNs = estimatedRelativeNs
        self.estimatedSymbolNs = estimatedSymbolNs
    }

    /// Its relocation time: timed when it was marked, else estimated.
    package var relocationNs: Double { timedNs ?? estimatedNs }

    /// A count with its thousands grouped (`139,882`), as the reports write counts.
    package static func format(count: Int) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (count < 0 ? "-" : "") + grouped
    }

    /// Relocations that name a symbol and are applied before `main`.
    package var symbolBeforeMain: Int { symbolic + (bindsNow ? plt : 0) }
}

/// A library the looked-up symbols came from, with how many lookups found it.
package struct PreMainSymbolSource: Codable, Sendable, Equatable {
    /// The defining object's file name, or `(not found)` for weak symbols nothing defines.
    package var library: String
    /// Lookups that found it.
    package var lookups: Int

    /// Creates a source.
    package init(library: String, lookups: Int) {
        self.library = library
        self.lookups = lookups
    }
}
