import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@testable import LaunchTool

/// Advice about what happens before `main` only where it applies, with what it would remove.
@Suite("PreMainAdvisor")
struct PreMainAdvisorTests {
    static func library(
        _ name: String, _ origin: PreMainOrigin, loadMs: Double, initMs: Double, slowest: [PreMainFunction] = []
    ) -> PreMainLibrary {
        PreMainLibrary(
            name: name, path: "/x/\(name)", origin: origin, mappedBytes: 1_000_000, loadNs: loadMs * 1e6,
            initializersNs: initMs * 1e6, initializersCpuNs: initMs * 1e6, slowestInitializers: slowest)
    }

    static let parts = [PreMainPart(name: .relocation, medianNs: 3e6)]

    @Test("the runtime as shared libraries: static linking, saving their loading and initializers")
    func staticRuntime() throws {
        let libraries = [
            Self.library("tool", .executable, loadMs: 0.1, initMs: 0),
            Self.library("libswiftCore.so", .swiftRuntime, loadMs: 0.5, initMs: 0.4),
            Self.library("libFoundation.so", .swiftRuntime, loadMs: 0.3, initMs: 0.2),
            Self.library("lib_FoundationICU.so", .swiftRuntime, loadMs: 0.2, initMs: 0.1),
            Self.library("libc.so.6", .system, loadMs: 0.1, initMs: 0),
        ]
        let advice = PreMainAdvisor.advice(libraries: libraries, parts: Self.parts)
        #expect(advice.map(\.kind) == [.staticSwiftRuntime, .foundationEssentials])
        #expect(abs(advice[0].savingNs - 1.7e6) < 1)
        #expect(advice[0].libraries == ["libswiftCore.so", "libFoundation.so", "lib_FoundationICU.so"])
        #expect(abs(advice[1].savingNs - 0.8e6) < 1)
        #expect(advice[1].libraries == ["libFoundation.so", "lib_FoundationICU.so"])
    }

    @Test("no runtime library (a static build) gets neither static-link nor FoundationEssentials advice")
    func staticBuild() {
        let libraries = [
            Self.library("tool", .executable, loadMs: 0.1, initMs: 0.3),
            Self.library("libc.so.6", .system, loadMs: 0.1, initMs: 0),
        ]
        #expect(PreMainAdvisor.advice(libraries: libraries, parts: Self.parts).isEmpty)
    }

    @Test("a slow initializer of the program's own, on a CPU or blocked; a system library's is not advised")
    func slowInitializers() {
        let spin = PreMainFunction(function: "spin_init", medianNs: 20e6, medianCpuNs: 19.9e6)
        let nap = PreMainFunction(function: "nap_init", medianNs: 10e6, medianCpuNs: 0.02e6)
        let quick = PreMainFunction(function: "quick_init", medianNs: 0.5e6, medianCpuNs: 0.5e6)
        let libraries = [
            Self.library("libspin.so", .program, loadMs: 0, initMs: 20, slowest: [spin, quick]),
            Self.library("tool", .executable, loadMs: 0, initMs: 10, slowest: [nap]),
            Self.library("libc.so.6", .system, loadMs: 0, initMs: 30, slowest: [spin]),
        ]
        let advice = PreMainAdvisor.advice(libraries: libraries, parts: Self.parts)
        #expect(advice.map(\.libraries) == [["libspin.so"], ["tool"]])
        #expect(advice[0].message.contains("spin_init, an initializer of libspin.so, ran 20.0 ms on a CPU"))
        #expect(advice[1].message.contains("nap_init, an initializer of the executable tool, waited 10.0 ms"))
    }

    @Test("a slow initializer of a library nothing binds to is advised once, as the unused library")
    func slowInitializerOfUnusedLibrary() throws {
        let nap = PreMainFunction(function: "idle_init", medianNs: 1.5e6, medianCpuNs: 0.01e6)
        var idle = Self.library("libidle.so", .program, loadMs: 0.2, initMs: 1.5, slowest: [nap])
        idle.unused = true
        let libraries = [Self.library("tool", .executable, loadMs: 0.1, initMs: 0), idle]
        let advice = PreMainAdvisor.advice(libraries: libraries, parts: Self.parts)
        #expect(advice.map(\.kind) == [.unusedLibrary])
        let unused = try #require(advice.first)
        #expect(abs(unused.savingNs - 1.7e6) < 1, "\(unused)")
        idle.unused = nil
        let used = PreMainAdvisor.advice(libraries: [libraries[0], idle], parts: Self.parts)
        #expect(used.map(\.kind) == [.slowInitializer])
    }

    @Test(
        "libraries linked but never bound to: advised with their cost; the compiler's own -lm and the runtime's are not"
    )
    func unusedLibraries() throws {
        func unused(_ library: PreMainLibrary) -> PreMainLibrary {
            var library = library
            library.unused = true
            return library
        }
        let libraries = [
            Self.library("tool", .executable, loadMs: 0.1, initMs: 0),
            Self.library("libswiftCore.so", .swiftRuntime, loadMs: 0.5, initMs: 0.4),
            unused(Self.library("libFoundation.so", .swiftRuntime, loadMs: 0.3, initMs: 0.2)),
            unused(Self.library("libm.so.6", .system, loadMs: 0.1, initMs: 0)),
            unused(Self.library("libsqlite3.so.0", .system, loadMs: 0.4, initMs: 0.1)),
            unused(Self.library("libidle.so", .program, loadMs: 0.2, initMs: 0.3)),
        ]
        let advice = PreMainAdvisor.advice(libraries: libraries, parts: Self.parts)
        let found = try #require(advice.first { $0.kind == .unusedLibrary })
        #expect(found.libraries == ["libsqlite3.so.0", "libidle.so"])
        #expect(abs(found.savingNs - 1.0e6) < 1 && found.savingIsLowerBound)
        #expect(found.message.contains("binds none of their symbols"), "\(found.message)")
        let foundation = try #require(advice.first { $0.kind == .foundationEssentials })
        #expect(foundation.message.contains("None of the executable's symbols binds to libFoundation.so"))
        // Used libraries (unused nil) are never advised.
        let used = libraries.map { library -> PreMainLibrary in
            var library = library
            library.unused = nil
            return library
        }
        #expect(!PreMainAdvisor.advice(libraries: used, parts: Self.parts).contains { $0.kind == .unusedLibrary })
    }
}

/// What the breakdown cost, as every report states it: the pre-main launches against the
/// measurement launches of the same run.
@Suite("PreMainSummary.instrumentCost")
struct PreMainInstrumentCostTests {
    static func record(_ index: Int, wallMs: Double, outcome: LaunchRecord.Outcome = .completed) -> LaunchRecord {
        LaunchRecord(index: index, scenario: .warm, outcome: outcome, wallNs: Int64(wallMs * 1e6))
    }

    @Test("the median of the completed pre-main launches less that of the completed measurement launches")
    func cost() throws {
        let preMain = [
            Self.record(1, wallMs: 6.3), Self.record(2, wallMs: 6.1), Self.record(3, wallMs: 9, outcome: .crashed),
        ]
        let measurement = [Self.record(1, wallMs: 6.0), Self.record(2, wallMs: 5.8), Self.record(3, wallMs: 6.2)]
        let cost = try #require(
            PreMainSummary.instrumentCost(preMain: preMain, measurement: measurement, scenario: "warm"))
        #expect(abs(cost - 0.2e6) < 1)
        #expect(PreMainSummary.instrumentCost(preMain: preMain, measurement: [], scenario: "warm") == nil)
        #expect(PreMainSummary.instrumentCost(preMain: preMain, measurement: measurement, scenario: "cold") == nil)
    }
}

/// Every second pre-main launch marks each object's relocation; the marks lengthen its loading,
/// so the parts come from the launches without them and only the objects' relocation from those.
@Suite("PreMainSummary with relocation marks")
struct PreMainMarkedLaunchTests {
    static func event(_ time: Int64, _ text: String) -> ProbeEvent {
        ProbeEvent(line: Substring("preMain \(time) \(text)"))!
    }

    /// A launch of an executable and one library: loading ends at `loadedNs`, relocation 2 ms
    /// later; with marks, the library's relocation ends 1.5 ms after loading.
    static func breakdown(loadedNs: Int64, marked: Bool, library: String = "/nonexistent/libfoo.so") throws
        -> PreMainBreakdown
    {
        var events = [
            event(1_000, "start 500 10"),
            event(1_200, "object 600 -1 4096 /proc/self/exe"),
            event(loadedNs, "object 800 -1 2000000 \(library)"),
        ]
        if marked { events.append(event(loadedNs + 1_500_000, "relocatedObject 1")) }
        events += [
            event(loadedNs + 2_000_000, "relocated 2000 40"),
            event(loadedNs + 2_100_000, "main 19003000 50"),
            ProbeEvent(kind: .mainStarted, timeNs: loadedNs + 2_200_000),
        ]
        return try #require(PreMainBreakdown(events: events, executable: "/bin/tool", execEndNs: 800))
    }

    @Test("parts and loading from the unmarked launches, each object's relocation timed by the marked ones")
    func split() throws {
        let plain = try [200_000, 210_000, 220_000].map { try Self.breakdown(loadedNs: $0, marked: false) }
        let marked = try [900_000, 950_000].map { try Self.breakdown(loadedNs: $0, marked: true) }
        #expect(plain.allSatisfy { !$0.hasRelocationMarks } && marked.allSatisfy(\.hasRelocationMarks))
        let summary = try #require(
            PreMainSummary.build(breakdowns: [plain[0], marked[0], plain[1], marked[1], plain[2]]))
        #expect(summary.launches == 3 && summary.markedLaunches == 2)
        // Loading is the unmarked launches' (1,000 to 210,000 ns), not the marked ones' 900 µs.
        #expect(summary.parts.first { $0.name == .loading }?.medianNs == 209_000)
        #expect(summary.libraries.first { $0.name == "libfoo.so" }?.relocation == nil)  // no such file: not counted
        let text = PreMainSection.text(summary)
        #expect(
            text.contains("3 launches, medians; each object's relocation from 2 more with relocation marks"), "\(text)")
    }

    @Test("every launch marked (compare of an object's relocation): all of them give the parts")
    func allMarked() throws {
        let marked = try [900_000, 950_000].map { try Self.breakdown(loadedNs: $0, marked: true) }
        let summary = try #require(PreMainSummary.build(breakdowns: marked))
        #expect(summary.launches == 2 && summary.markedLaunches == nil)
        #expect(marked.map { $0.relocationNs(of: 1) } == [1_500_000, 1_500_000])
    }
}

extension PreMainMarkedLaunchTests {
    static func record(_ index: Int, _ breakdown: PreMainBreakdown) -> LaunchRecord {
        var record = LaunchRecord(index: index, scenario: .warm, outcome: .completed, wallNs: 3_000_000)
        record.preMain = breakdown
        return record
    }

    @Test("the run's pre-main metrics: the parts from the launches without marks, objects' relocation from those with")
    func metricsSplit() throws {
        // A real ELF file as the library, so that its relocations are counted: this test's own.
        let library = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().path
        let name = URL(filePath: library).lastPathComponent
        let plain = Self.record(1, try Self.breakdown(loadedNs: 200_000, marked: false, library: library))
        let marked = Self.record(2, try Self.breakdown(loadedNs: 900_000, marked: true, library: library))
        let both = [plain, marked]
        let fromPlain = try #require(RunSummary.preMainValues(of: plain, among: both))
        let fromMarked = try #require(RunSummary.preMainValues(of: marked, among: both))
        #expect(fromPlain[.preMainLoading] == 199_000 && fromMarked[.preMainLoading] == nil)
        #expect(fromPlain.keys.allSatisfy { $0.relocationObject == nil })
        #expect(fromMarked.keys.allSatisfy { $0.relocationObject != nil } && !fromMarked.isEmpty)
        #expect(fromMarked[.relocation(of: name)] == 1_500_000)
        // One kind alone: every metric from every launch.
        #expect(RunSummary.preMainValues(of: marked, among: [marked])?[.preMainLoading] == 899_000)
    }
}
