import Foundation
import LaunchSymbolication
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Relocation by object and kind on C programs of known counts, built here: a PIE with a table
/// of N pointers (N relative relocations), and one whose table points at M variables of a shared
/// library of its own (M symbol relocations, each a lookup that finds the library).
extension PreMainTests {
    /// A PIE whose table holds `count` pointers: `count` relative relocations more than with none.
    static func buildPointerTable(_ count: Int, in folder: URL) throws -> String {
        let name = "pointers\(count)"
        let source =
            "static int anchor;\nvoid *const lp_table[\(count)] = { [0 ... \(count - 1)] = &anchor };\n"
            + "int main(void) { return ((void *const volatile *)lp_table)[0] == 0; }\n"
        try source.write(to: folder.appendingPathComponent(name + ".c"), atomically: true, encoding: .utf8)
        try compile("clang", ["-O1", "-fPIE", "-pie", name + ".c", "-o", name], in: folder)
        return folder.appendingPathComponent(name).path
    }

    /// A PIE whose table points at `count` variables of `libsymbols<count>.so`, built beside it.
    static func buildSymbolTable(_ count: Int, in folder: URL) throws -> String {
        let name = "symbols\(count)"
        let library = (0..<count).map { "int lp_symbol_\($0);\n" }.joined()
        let program =
            (0..<count).map { "extern int lp_symbol_\($0);\n" }.joined() + "int *const lp_table[\(count)] = {"
            + (0..<count).map { "&lp_symbol_\($0)" }.joined(separator: ",")
            + "};\nint main(void) { return ((int *const volatile *)lp_table)[0] == 0; }\n"
        try library.write(to: folder.appendingPathComponent("lib\(name).c"), atomically: true, encoding: .utf8)
        try program.write(to: folder.appendingPathComponent(name + ".c"), atomically: true, encoding: .utf8)
        try compile("clang", ["-shared", "-fPIC", "lib\(name).c", "-o", "lib\(name).so"], in: folder)
        try compile(
            "clang",
            ["-fPIE", "-pie", name + ".c", "-L.", "-l\(name)", "-Wl,-rpath,\(folder.path)", "-o", name], in: folder)
        return folder.appendingPathComponent(name).path
    }

    /// The executable's shortest timed relocation over the run's pre-main launches (a launch
    /// preempted while relocating takes longer, never shorter).
    static func shortestExecutableRelocation(_ manifest: RunManifest) -> Int64? {
        (manifest.preMainLaunches ?? []).compactMap { $0.preMain?.relocationNs(of: 0) }.min()
    }

    @Test("a table of pointers: relative relocations counted exactly, named by kind, their cost growing with the count")
    func relativeRelocations() throws {
        let folder = try BuiltProducts.scratchFolder("relocation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.buildPointerTable(1_000, in: folder)
        let large = try Self.buildPointerTable(200_000, in: folder)
        let smallFile = try ELFRelocations(contentsOf: small)
        let largeFile = try ELFRelocations(contentsOf: large)
        #expect(largeFile.relative - smallFile.relative == 199_000)
        #expect(largeFile.relativePages - smallFile.relativePages >= 199_000 * 8 / 4096)
        let runs = try [small, large].map { try Self.preMainRun(of: $0, in: folder) }
        let summaries = runs.map(\.summary)
        let executables = try summaries.map { summary in
            try #require(summary.libraries.first { $0.origin == .executable }?.relocation)
        }
        #expect(executables.map(\.relative) == [smallFile.relative, largeFile.relative])
        #expect(executables.allSatisfy { $0.timedNs != nil }, "\(executables)")
        #expect(executables[1].estimatedRelativeNs > 2 * executables[0].estimatedRelativeNs, "\(executables)")
        // Its timed relocation grows too: 199,000 more relocations and nearly 400 more pages written
        // cannot take under 0.3 ms on any machine (about 0.9 to 1.1 ms on this one, quiet).
        let timed = runs.map { Self.shortestExecutableRelocation($0.manifest) ?? 0 }
        #expect(timed[1] > timed[0] + 300_000, "the executable's relocation \(timed)")
        let text = PreMainSection.text(summaries[1])
        #expect(text.contains("relative relocations about"), "\(text)")
        #expect(text.contains("200,0"), "\(text)")
        #expect(summaries[1].advice.contains { $0.kind == .nonPIEExecutable && $0.estimate != nil })
    }

    @Test("a table of a library's variables: symbol relocations and their lookups counted, the library named")
    func symbolRelocations() throws {
        let folder = try BuiltProducts.scratchFolder("relocation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Self.buildSymbolTable(200, in: folder)
        let large = try Self.buildSymbolTable(20_000, in: folder)
        let runs = try [small, large].map { try Self.preMainRun(of: $0, in: folder) }
        let summaries = runs.map(\.summary)
        let executables = try summaries.map { summary in
            try #require(summary.libraries.first { $0.origin == .executable }?.relocation)
        }
        // 19,800 more lookups, one per variable (the program's own few, such as __cxa_finalize, in both).
        #expect(executables[1].lookups - executables[0].lookups == 19_800, "\(executables)")
        #expect(executables.map { $0.definedIn.first?.library } == ["libsymbols200.so", "libsymbols20000.so"])
        #expect(executables[1].definedIn.first?.lookups == 20_000)
        // Each lookup of a variable searched the executable, then the library.
        #expect(executables[1].objectsSearched - executables[0].objectsSearched == 19_800 * 2, "\(executables)")
        #expect(executables[1].estimatedSymbolNs > 2 * executables[0].estimatedSymbolNs, "\(executables)")
        // Its timed relocation grows too: 19,800 more lookups (about 50 ns each, shortest launch of three).
        let timed = runs.map { Self.shortestExecutableRelocation($0.manifest) ?? 0 }
        #expect(timed[1] > timed[0] + 300_000, "the executable's relocation \(timed)")
        let text = PreMainSection.text(summaries[1])
        #expect(text.contains("symbol relocations about"), "\(text)")
        #expect(text.contains("libsymbols20000.so 20,000"), "\(text)")
    }
}
