import LaunchTestSupport
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Pre-main advice fitted to how the program is built")
struct ProgramBuildTests {
    /// A PIE executable at `path` whose relative relocations dominate: advised to link without PIE.
    static func pieExecutable(at path: String) throws -> PreMainLibrary {
        var relocation = PreMainRelocations.relocation(
            of: PreMainRelocationTests.file(relative: 80_000, pages: 200), at: 0, among: [], names: [])
        relocation = try #require(PreMainRelocations.estimated([relocation], relocationNs: 6e6)[0])
        var executable = PreMainLibrary(
            name: "tool", path: path, origin: .executable, mappedBytes: 1, loadNs: 0, initializersNs: 0,
            initializersCpuNs: 0, slowestInitializers: [])
        executable.relocation = relocation
        return executable
    }

    static func advice(_ build: ProgramBuild) throws -> [PreMainAdvice] {
        PreMainAdvisor.advice(
            libraries: [try pieExecutable(at: "/x/tool")], parts: [PreMainPart(name: .relocation, medianNs: 6e6)],
            build: build)
    }

    @Test("a Swift program is told swift build's options, with no C spelling beside them")
    func swiftProgram() throws {
        let advice = try Self.advice(ProgramBuild(language: .swift, isUsers: true))
        #expect(advice.map(\.kind) == [.nonPIEExecutable, .packRelativeRelocations])
        #expect(advice[0].change == "swift build -c release -Xlinker -no-pie")
        #expect(advice.allSatisfy { $0.change?.contains("(C:") == false })
    }

    @Test("a C program is told the C toolchain's flags, never swift build")
    func cProgram() throws {
        let advice = try Self.advice(ProgramBuild(language: .c, isUsers: true))
        #expect(advice.map(\.kind) == [.nonPIEExecutable, .packRelativeRelocations])
        #expect(advice[0].change == "-no-pie")
        #expect(advice[1].change?.hasPrefix("-fuse-ld=lld -Wl,-z,pack-relative-relocs") == true)
        #expect(advice.allSatisfy { $0.change?.contains("swift build") == false })
    }

    @Test("a distribution's binary gets no advice on its build")
    func distributed() throws {
        #expect(try Self.advice(ProgramBuild(language: .c, isUsers: false)).isEmpty)
        #expect(try Self.advice(ProgramBuild(language: .swift, isUsers: false)).isEmpty)
    }

    @Test(
        "read from the executable: git in /usr/bin is a distribution's C program, launchprof a Swift one of the user's")
    func readFromTheFile() throws {
        #expect(
            ProgramBuild.of(executable: "/usr/bin/git", loadsSwiftRuntime: false)
                == ProgramBuild(language: .c, isUsers: false))
        #expect(
            ProgramBuild.of(executable: BuiltProducts.path("launchprof"), loadsSwiftRuntime: false)
                == ProgramBuild(language: .swift, isUsers: true))
        #expect(ProgramBuild.of(executable: "/usr/local/bin/tool", loadsSwiftRuntime: true).isUsers)
        // By default the advisor reads the executable named in the libraries: git's gets none.
        let advice = PreMainAdvisor.advice(
            libraries: [try Self.pieExecutable(at: "/usr/bin/git")],
            parts: [PreMainPart(name: .relocation, medianNs: 6e6)])
        #expect(advice.isEmpty)
    }
}
