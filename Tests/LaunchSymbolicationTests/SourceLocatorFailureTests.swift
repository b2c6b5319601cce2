import Foundation
import LaunchSymbolication
import LaunchTrace
import Testing

/// When the symbolizer cannot give file and line (it fails, cannot start, or hangs past its
/// timeout), the frames keep their names and the symbolicator says which image lost its lines
/// and why, for the reports to show.
@Suite("A failing or hung symbolizer is reported")
struct SourceLocatorFailureTests {
    /// Symbolicates one address of a registered image with `locator`, then asks it for lines.
    static func symbolicate(with locator: SourceLocator) -> Symbolicator {
        let symbolicator = Symbolicator(sourceLocator: locator)
        symbolicator.register(
            ELFImage(
                path: "/apps/App", buildID: nil, symbols: SymbolTable(symbols: [("main", 0x1000, 0x100)]),
                symbolSource: ".symtab"), for: "/apps/App")
        let map = ImageMap([
            LoadedImage(
                path: "/apps/App", loadAddress: Address(0), textStart: Address(0x1000), textEnd: Address(0x2000),
                buildID: nil)
        ])
        _ = symbolicator.symbolicate(Address(0x1010), in: map, isReturnAddress: false)
        symbolicator.locateSources()
        #expect(symbolicator.symbolicate(Address(0x1010), in: map, isReturnAddress: false).displayName == "main")
        return symbolicator
    }

    /// An executable script in a fresh folder.
    static func script(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbolizer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("llvm-symbolizer")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    @Test("a symbolizer that exits with an error: names kept, \"File and line are missing\" with the status")
    func failingSymbolizer() throws {
        let symbolicator = Self.symbolicate(with: SourceLocator(path: "/bin/false", tool: .llvmSymbolizer))
        #expect(symbolicator.sourceProblems == ["/apps/App": "llvm-symbolizer (/bin/false) exited with status 1."])
        #expect(
            symbolicator.notices["/apps/App"]
                == "File and line are missing: llvm-symbolizer (/bin/false) exited with status 1.")
    }

    @Test("a symbolizer that cannot be started, or is killed by a signal, is named with the reason")
    func missingOrKilledSymbolizer() throws {
        let missing = Self.symbolicate(with: SourceLocator(path: "/nonexistent/addr2line", tool: .addr2line))
        let sentence = try #require(missing.sourceProblems["/apps/App"])
        #expect(sentence.hasPrefix("addr2line (/nonexistent/addr2line) could not be started: "), "\(sentence)")
        let crashing = try Self.script("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(at: crashing.deletingLastPathComponent()) }
        let killed = Self.symbolicate(with: SourceLocator(path: crashing.path, tool: .llvmSymbolizer))
        #expect(killed.sourceProblems["/apps/App"] == "llvm-symbolizer (\(crashing.path)) was killed by signal 11.")
    }

    @Test("a symbolizer that hangs is stopped at its timeout and the image says so")
    func hungSymbolizer() throws {
        let hanging = try Self.script("exec sleep 300")
        defer { try? FileManager.default.removeItem(at: hanging.deletingLastPathComponent()) }
        let symbolicator = Self.symbolicate(
            with: SourceLocator(path: hanging.path, tool: .llvmSymbolizer, timeoutSeconds: 0.5))
        #expect(
            symbolicator.sourceProblems["/apps/App"]
                == "llvm-symbolizer (\(hanging.path)) did not finish within 0.5 s and was stopped.")
    }

    @Test("a working symbolizer leaves no notice")
    func workingSymbolizer() throws {
        let silent = try Self.script("exit 0")
        defer { try? FileManager.default.removeItem(at: silent.deletingLastPathComponent()) }
        #expect(Self.symbolicate(with: SourceLocator(path: silent.path, tool: .llvmSymbolizer)).notices.isEmpty)
    }

    @Test("the symbolizer variable chooses the program and its kind by file name")
    func environmentOverride() throws {
        let variable = ToolVariable.symbolizer.rawValue
        #expect(
            SourceLocator.find(environment: [variable: "/opt/gnu/bin/addr2line"])
                == SourceLocator(path: "/opt/gnu/bin/addr2line", tool: .addr2line))
        #expect(
            SourceLocator.find(environment: [variable: "/nowhere/llvm-symbolizer-17"])
                == SourceLocator(path: "/nowhere/llvm-symbolizer-17", tool: .llvmSymbolizer))
        #expect(SourceLocator.find(environment: [variable: "", "PATH": "/nonexistent"])?.path != "")
    }
}
