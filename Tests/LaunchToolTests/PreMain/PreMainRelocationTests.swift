import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

/// Relocation by object and by kind: lookups replayed in load order, the timed relocation shared
/// out by the counts (adding up to it), and advice only where a kind of work dominates.
@Suite("PreMainRelocation")
struct PreMainRelocationTests {
    static func file(
        relative: Int = 0, pages: Int = 0, lookups: [String: Int] = [:], exports: Set<String> = [],
        pie: Bool = true
    ) -> ELFRelocations {
        ELFRelocations(
            relative: relative, packedRelative: 0, symbolic: lookups.values.reduce(0, +), plt: 0, bindsNow: false,
            isPositionIndependent: pie, relativePages: pages, symbolPages: 0, writtenPages: pages, lookups: lookups,
            exports: exports)
    }

    @Test("a lookup searches the objects in load order up to the first that exports the symbol")
    func lookupsReplayed() {
        let files: [ELFRelocations?] = [
            Self.file(lookups: ["a": 3, "b": 1, "weak": 1]), nil,
            Self.file(lookups: ["own": 2], exports: ["a", "own"]), Self.file(exports: ["b", "a"]),
        ]
        let names = ["tool", "linux-vdso.so.1", "liba.so", "libb.so"]
        let tool = PreMainRelocations.relocation(of: files[0]!, at: 0, among: files, names: names)
        #expect(tool.lookups == 5)
        // a: tool, liba (2 objects) three times; b: tool, liba, libb (3); weak: all three, not found.
        #expect(tool.objectsSearched == 3 * 2 + 3 + 3)
        #expect(tool.definedIn.map(\.library) == ["liba.so", "(not found)", "libb.so"])
        #expect(tool.definedIn.map(\.lookups) == [3, 1, 1])
        #expect(tool.ownLookups == 0)
        let liba = PreMainRelocations.relocation(of: files[2]!, at: 2, among: files, names: names)
        #expect(liba.ownLookups == 2)
        #expect(liba.objectsSearched == 2 * 2)
    }

    @Test("the objects' shares add up to the timed relocation, and grow with their counts")
    func sharesAddUp() throws {
        let counted = [
            PreMainRelocations.relocation(
                of: Self.file(relative: 100_000, pages: 200), at: 0, among: [], names: []),
            nil,
            PreMainRelocations.relocation(of: Self.file(relative: 10_000, pages: 20), at: 0, among: [], names: []),
        ]
        let estimated = PreMainRelocations.estimated(counted, relocationNs: 8e6)
        let big = try #require(estimated[0])
        let small = try #require(estimated[2])
        #expect(estimated[1] == nil)
        #expect(abs(big.estimatedNs + small.estimatedNs - 8e6) < 1)
        #expect(abs(big.estimatedNs - 10 * small.estimatedNs) < 1)
        #expect(big.estimatedSymbolNs == 0)
    }

    @Test("a PIE executable whose relative relocations dominate is told to link without PIE, estimated")
    func nonPIEAdvice() throws {
        var relocation = PreMainRelocations.relocation(
            of: Self.file(relative: 80_000, pages: 200), at: 0, among: [], names: [])
        relocation = try #require(PreMainRelocations.estimated([relocation], relocationNs: 6e6)[0])
        var executable = PreMainLibrary(
            name: "tool", path: "/x/tool", origin: .executable, mappedBytes: 1, loadNs: 0, initializersNs: 0,
            initializersCpuNs: 0, slowestInitializers: [])
        executable.relocation = relocation
        let advice = PreMainAdvisor.advice(
            libraries: [executable], parts: [PreMainPart(name: .relocation, medianNs: 6e6)])
        #expect(advice.map(\.kind) == [.nonPIEExecutable, .packRelativeRelocations])
        #expect(abs(advice[0].savingNs - 6e6) < 1)
        #expect(advice[0].message.contains("80,000"))
        #expect(advice[0].estimate?.contains("launchprof compare") == true)
        // Packing keeps the page writes: its saving is the entries' part only.
        #expect(advice[1].savingNs < advice[0].savingNs)

        executable.relocation?.positionIndependent = false
        let fixed = PreMainAdvisor.advice(
            libraries: [executable], parts: [PreMainPart(name: .relocation, medianNs: 6e6)])
        #expect(!fixed.map(\.kind).contains(.nonPIEExecutable))
    }
}
