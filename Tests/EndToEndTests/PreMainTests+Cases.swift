import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension PreMainTests {
    @Test(
        "two libraries' initializers: each named with its cost within 10 %, on a CPU for the spin, blocked for the sleep"
    )
    func initializers() throws {
        let folder = try BuiltProducts.scratchFolder("premain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let program = try Self.buildInitializerProgram(in: folder)
        let (summary, manifest) = try Self.preMainRun(
            of: program, in: folder, environment: ["PREMAIN_REPORT_DIR": reports.path])
        let spin = try #require(summary.libraries.first { $0.name == "libspin.so" }?.slowestInitializers.first)
        let nap = try #require(summary.libraries.first { $0.name == "libnap.so" }?.slowestInitializers.first)
        #expect(spin.function == "spin_init")
        #expect(nap.function == "nap_init")
        let spinTruth = try Self.truth("spin", in: reports)
        // Each launch's timing against what the initializer measured of itself in that launch
        // (one report per process; launches differ on a loaded machine, so medians over
        // different launches are not compared).
        for name in ["spin", "nap"] {
            let walls = try Self.reportedWalls(name, in: reports)
            let timed = Self.initializerDurations(of: "lib\(name).so", in: manifest)
            #expect(timed.count == 3)
            for duration in timed {
                #expect(walls.contains { abs(duration - $0) <= 0.1 * $0 }, "\(name): \(duration) against \(walls)")
            }
        }
        #expect(abs(spin.medianCpuNs - spinTruth.cpu) <= 0.1 * spinTruth.cpu, "\(spin) against \(spinTruth)")
        // On a CPU unless the machine was so busy that the spin waited for one most of the time:
        // the state agrees with the initializer's own clocks.
        #expect(spin.isMostlyBlocked == (spinTruth.cpu < spinTruth.wall / 2), "\(spin) against \(spinTruth)")
        #expect(nap.isMostlyBlocked && nap.medianCpuNs < 0.1 * nap.medianNs, "\(nap)")
        let advised = summary.advice.filter { $0.kind == .slowInitializer }.map(\.libraries)
        #expect(advised == [["libspin.so"], ["libnap.so"]])
        #expect(summary.coverage >= 0.95, "\(summary.parts)")
        // The library it links and never calls: found by the loader, advised with its cost.
        let idle = try #require(summary.libraries.first { $0.name == "libidle.so" })
        #expect(idle.unused == true && idle.initializersNs >= 500_000, "\(idle)")
        #expect(summary.libraries.filter { $0.unused == true }.map(\.name) == ["libidle.so"])
        let unused = try #require(summary.advice.first { $0.kind == .unusedLibrary })
        #expect(unused.libraries == ["libidle.so"] && unused.savingNs >= 500_000, "\(unused)")
        #expect(unused.change == "-Wl,--as-needed")
    }

    @Test(
        "a Swift hello world: the runtime's libraries named, 95 % of the time to main covered, static linking advised; built static, not"
    )
    func swiftRuntime() throws {
        let folder = try BuiltProducts.scratchFolder("premain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.fixtures.appendingPathComponent("hello.swift").path
        try Self.compile("swiftc", ["-O", source, "-o", "hello-shared"], in: folder)
        try Self.compile("swiftc", ["-O", "-static-stdlib", source, "-o", "hello-static"], in: folder)

        let shared = try Self.preMain(of: folder.appendingPathComponent("hello-shared").path, in: folder)
        let runtime = shared.libraries.filter { $0.origin == .swiftRuntime }.map(\.name)
        #expect(runtime.contains("libswiftCore.so") && runtime.contains("libFoundation.so"), "\(runtime)")
        #expect(shared.libraries.filter { $0.origin == .swiftRuntime }.allSatisfy { $0.loadNs > 0 })
        #expect(shared.coverage >= 0.95, "\(shared.parts)")
        let advice = try #require(shared.advice.first { $0.kind == .staticSwiftRuntime })
        #expect(advice.change == "swift build -c release --static-swift-stdlib")
        #expect(advice.savingNs > 0 && Set(advice.libraries) == Set(runtime))
        // print and ProcessInfo are the standard library's and FoundationEssentials': the loader
        // finds libFoundation.so linked but unused, and the advice says so.
        #expect(shared.libraries.first { $0.name == "libFoundation.so" }?.unused == true)
        let essentials = try #require(shared.advice.first { $0.kind == .foundationEssentials })
        #expect(essentials.message.contains("None of the executable's symbols binds to libFoundation.so"))
        #expect(!shared.advice.contains { $0.kind == .unusedLibrary }, "\(shared.advice.map(\.message))")

        let linked = try Self.preMain(of: folder.appendingPathComponent("hello-static").path, in: folder)
        #expect(!linked.libraries.contains { $0.origin == .swiftRuntime }, "\(linked.libraries.map(\.name))")
        #expect(!linked.advice.contains { $0.kind == .staticSwiftRuntime || $0.kind == .foundationEssentials })
        #expect(linked.coverage >= 0.95, "\(linked.parts)")
    }

    @Test("a #! script that execs /bin/true: the breakdown is true's, the shell is the earlier programs' part, advised")
    func wrapperScript() throws {
        let folder = try BuiltProducts.scratchFolder("premain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("wrapper.sh")
        try "#!/bin/sh\nexec /bin/true \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let summary = try Self.preMain(of: script.path, in: folder)
        let program = URL(filePath: "/bin/true").resolvingSymlinksInPath().path
        #expect(
            summary.libraries.first { $0.origin == .executable }?.name == "true", "\(summary.libraries.map(\.name))")
        let earlier = try #require(summary.parts.first { $0.name == .earlierPrograms }, "\(summary.parts)")
        #expect(earlier.medianNs > 0)
        let advice = try #require(summary.advice.first { $0.kind == .execChain })
        #expect(advice.change == program && advice.message.contains("another program"), "\(advice.message)")
        #expect(summary.coverage >= 0.95, "\(summary.parts)")
    }
}
