import LaunchTrace

/// Advice on relocation, for the objects whose relocation dominates: each change removes one
/// kind of work, and its saving is that work's estimated share of the timed relocation
/// (``RelocationCostModel``), labelled as an estimate with the comparison that measures it.
extension PreMainAdvisor {
    /// An object's relocation is worth advice from this estimated share of the time.
    package static let relocationAdviceNs = 500_000.0

    /// How to measure a relocation saving: let launchprof build the change, or build both ways
    /// and compare.
    static func measureWith(_ change: String, kind: PreMainAdvice.Kind) -> String {
        "estimated from the relocation counts, not timed; to measure it, run again with --package PATH (a Swift "
            + "package) or --build \(kind.rawValue)=COMMAND (your build, writing $LAUNCHPROF_BUILD_OUTPUT), or build "
            + "the program both ways (\(change)) and run launchprof compare --base OLD --head NEW "
            + "--metric preMain.relocation --metric preMain.total"
    }

    /// Every piece of relocation advice that applies.
    static func relocationAdvice(_ libraries: [PreMainLibrary]) -> [PreMainAdvice] {
        let owned = libraries.filter { $0.origin == .executable || $0.origin == .program }
        return owned.compactMap(nonPIE) + owned.compactMap(packRelative) + owned.compactMap(ownSymbols)
            + libraries.compactMap(lazyBinding)
    }

    /// A PIE executable with many relative relocations: a fixed-address executable has none.
    static func nonPIE(_ library: PreMainLibrary) -> PreMainAdvice? {
        guard library.origin == .executable, let relocation = library.relocation, relocation.positionIndependent,
            relocation.estimatedRelativeNs >= relocationAdviceNs
        else { return nil }
        let change = PreMainAdvice.Kind.nonPIEExecutable.swiftBuildCommand
        let message =
            "The executable \(library.name) is position independent: the loader moves \(count(relocation.relative)) of "
            + "its pointers by its load address before main (relative relocations), writing "
            + "\(count(relocation.relativePages)) pages of its data, each a copy-on-write page fault: about "
            + "\(ms(relocation.estimatedRelativeNs)) of the relocation. Linked at a fixed address (not PIE), it has none "
            + "to apply (and loses address-space randomisation of the executable)."
        return PreMainAdvice(
            kind: .nonPIEExecutable, savingNs: relocation.estimatedRelativeNs, libraries: [library.name],
            message: message, change: change, estimate: measureWith("with and without -no-pie", kind: .nonPIEExecutable)
        )
    }

    /// Relative relocations kept as 24-byte entries: packed (`DT_RELR`, glibc 2.36 or later),
    /// the loader reads a few words instead; the pages are written all the same.
    static func packRelative(_ library: PreMainLibrary) -> PreMainAdvice? {
        guard let relocation = library.relocation, relocation.packedRelative == 0, relocation.relative >= 10_000
        else { return nil }
        let entries = Double(relocation.relative) * RelocationCostModel.relativeNs
        let weight = entries + Double(relocation.relativePages) * RelocationCostModel.pageNs
        let saving = weight > 0 ? relocation.estimatedRelativeNs * entries / weight : 0
        guard saving >= relocationAdviceNs / 5 else { return nil }
        let message =
            "\(library.name) keeps its \(count(relocation.relative)) relative relocations as 24-byte entries "
            + "(\(MetricKind.bytes.format(Double(relocation.relative * 24))) the loader reads before main). Packed "
            + "(DT_RELR, read by glibc 2.36 and later) they take a few bytes per page, and reading and applying them "
            + "takes about \(ms(saving)) less; the \(count(relocation.relativePages)) pages they write stay."
        return PreMainAdvice(
            kind: .packRelativeRelocations, savingNs: saving, libraries: [library.name], message: message,
            change: PreMainAdvice.Kind.packRelativeRelocations.swiftBuildCommand,
            estimate: measureWith("with and without -z pack-relative-relocs", kind: .packRelativeRelocations))
    }

    /// A library of the program's that looks up its own exported symbols: every object before
    /// it in load order is searched first.
    static func ownSymbols(_ library: PreMainLibrary) -> PreMainAdvice? {
        guard library.origin == .program, let relocation = library.relocation, relocation.lookups > 0,
            relocation.ownLookups * 2 >= relocation.lookups
        else { return nil }
        let saving = relocation.estimatedSymbolNs * Double(relocation.ownLookups) / Double(relocation.lookups)
        guard saving >= relocationAdviceNs / 5 else { return nil }
        let message =
            "\(count(relocation.ownLookups)) of \(library.name)'s \(count(relocation.lookups)) symbol lookups before main "
            + "find its own exported symbols, after searching every object loaded before it: about \(ms(saving)). "
            + "Binding them inside the library (-Bsymbolic) or exporting fewer symbols (hidden visibility, an export "
            + "list) removes those lookups."
        return PreMainAdvice(
            kind: .fewerExportedSymbols, savingNs: saving, libraries: [library.name], message: message,
            change: (PreMainAdvice.Kind.fewerExportedSymbols.swiftBuildOptions ?? []).joined(separator: " "),
            estimate: measureWith("with and without -Bsymbolic", kind: .fewerExportedSymbols))
    }

    /// An object that binds its PLT slots before `main` (`-z now`): lazily, each is bound on
    /// its first call, most never.
    static func lazyBinding(_ library: PreMainLibrary) -> PreMainAdvice? {
        guard library.origin == .executable || library.origin == .program, let relocation = library.relocation,
            relocation.bindsNow, relocation.plt >= 500
        else { return nil }
        let symbols = relocation.symbolBeforeMain
        let saving = symbols > 0 ? relocation.estimatedSymbolNs * Double(relocation.plt) / Double(symbols) : 0
        guard saving >= relocationAdviceNs / 5 else { return nil }
        let message =
            "\(library.name) is linked with -z now: its \(count(relocation.plt)) PLT slots are looked up and bound "
            + "before main, about \(ms(saving)). Bound lazily, each is bound at its first call (most calls of a launch "
            + "reach few of them); -z now is a hardening choice (with RELRO), weigh it before dropping it."
        return PreMainAdvice(
            kind: .lazyBinding, savingNs: saving, libraries: [library.name], message: message,
            change: (PreMainAdvice.Kind.lazyBinding.swiftBuildOptions ?? []).joined(separator: " "),
            estimate: measureWith("with -z now and with -z lazy", kind: .lazyBinding))
    }

    /// The relocation the static runtime removes: the runtime libraries' own, and the
    /// executable's lookups of their symbols.
    static func runtimeRelocationNs(_ libraries: [PreMainLibrary]) -> Double {
        let runtime = libraries.filter { $0.origin == .swiftRuntime }
        let names = Set(runtime.map(\.name))
        let own = runtime.reduce(0) { $0 + ($1.relocation?.relocationNs ?? 0) }
        guard let executable = libraries.first(where: { $0.origin == .executable })?.relocation,
            executable.lookups > 0
        else { return own }
        let found = executable.definedIn.filter { names.contains($0.library) }.reduce(0) { $0 + $1.lookups }
        return own + executable.estimatedSymbolNs * Double(found) / Double(executable.lookups)
    }

    private static func count(_ value: Int) -> String { PreMainRelocation.format(count: value) }

    private static func ms(_ nanoseconds: Double) -> String { MetricKind.time.format(nanoseconds) }
}
