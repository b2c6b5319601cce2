import Foundation
import LaunchSymbolication
import LaunchTool
import LaunchTrace
import Testing

@Suite("ELF parsing")
struct ELFParsingTests {
    static func ownExecutable() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "/proc/self/exe"))
    }

    func parse(_ bytes: [UInt8]) throws -> ELFImage {
        try bytes.withUnsafeBytes { try ELFImage(bytes: $0, path: "bad.so") }
    }

    @Test(
        "Garbage, empty and foreign files give a clear error",
        arguments: [
            ([UInt8](), "shorter than an ELF64 header"),
            (
                Array("#!/bin/sh\necho this is a shell script, not an ELF image at all, not at all".utf8),
                "ELF magic number"
            ),
            ([0x7F, 0x45, 0x4C, 0x46, 1, 1] + [UInt8](repeating: 0, count: 70), "32-bit"),
            ([0x7F, 0x45, 0x4C, 0x46, 2, 2] + [UInt8](repeating: 0, count: 70), "big-endian"),
        ])
    func garbage(bytes: [UInt8], expected: String) {
        #expect {
            try parse(bytes)
        } throws: { error in
            let error = error as? LaunchProfilerError
            return error?.context.file == "bad.so" && error?.message.contains(expected) == true
                && error?.message.hasSuffix(".") == true
        }
    }

    @Test("A truncated real executable gives an error, never a crash", arguments: [64, 4_096, 0.5, 0.9, 0.999])
    func truncated(cut: Double) throws {
        let whole = try Self.ownExecutable()
        let length = cut > 1 ? Int(cut) : Int(Double(whole.count) * cut)
        let bytes = [UInt8](whole.prefix(length))
        #expect(throws: LaunchProfilerError.self) { try parse(bytes) }
    }

    @Test("Random bytes after a valid header are rejected or parsed, never crash")
    func randomTail() throws {
        let whole = try Self.ownExecutable()
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var bytes = [UInt8](whole.prefix(64))
            for index in 0x20..<0x40 where generator.next() % 3 == 0 {
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            bytes += (0..<Int(generator.next() % 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? parse(bytes)
        }
    }

    @Test("A missing file names the file")
    func missingFile() {
        #expect {
            try ELFImage(contentsOf: "/nonexistent/app")
        } throws: { error in
            (error as? LaunchProfilerError)?.description.hasPrefix("/nonexistent/app: The file cannot be read") == true
        }
    }

    @Test("Lookups respect symbol sizes and pick one symbol per address")
    func lookups() {
        let table = SymbolTable(symbols: [
            ("b", 0x2000, 0x10), ("a", 0x1000, 0x100), ("alias", 0x1000, 0), ("open", 0x3000, 0),
        ])
        #expect(table.count == 3)
        #expect(table.lookup(0x0FFF) == nil)
        #expect(table.lookup(0x1000)?.name == "a")
        #expect(table.lookup(0x10FF)?.offset == 0xFF)
        #expect(table.lookup(0x1100) == nil)
        #expect(table.lookup(0x200F)?.name == "b")
        #expect(table.lookup(0x2010) == nil)
        #expect(table.lookup(0x3008)?.name == "open")
        #expect(table.containsName("zzz") == false)
        #expect(table.containsName("pe") == true)
    }
}

/// PLT stubs are named after their targets (`foo@plt`) and never taken for the app's code.
@Suite("PLT stubs")
struct PLTStubTests {
    @Test("every stub of a real executable's PLT is named foo@plt, and no PLT address is named after _init")
    func realExecutable() throws {
        let image = try ELFImage(contentsOf: "/proc/self/exe")
        let table = image.symbols
        let stubs = (0..<table.count).filter { table.name(at: $0).hasSuffix("@plt") }
        #expect(stubs.count > 10, "the test executable calls other images through its PLT")
        for index in stubs {
            let entry = table.entries[index]
            #expect(table.lookup(entry.start + entry.size / 2)?.name == table.name(at: index))
        }
        let unresolved = (0..<table.count).filter { table.name(at: $0) == "<plt>" }
        #expect(!unresolved.isEmpty, "the PLT's header is <plt>")
        let first = try #require(stubs.map { table.entries[$0].start }.min())
        #expect(table.lookup(first - 1)?.name.hasPrefix("_init") == false)
    }

    @Test("a PLT stub is named after its target, is not app code and keeps its target's blocking kind")
    func classification() {
        let stub = SymbolName(raw: "read@plt")
        #expect(stub.simple == "read@plt")
        #expect(FrameClassifier.isPLTStub(stub) && !FrameClassifier.isAppSymbol(stub))
        #expect(!FrameClassifier.isAppSymbol(SymbolName(raw: "<plt>")))
        #expect(FrameClassifier.blockingKind(ofFunction: "read@plt") == .fileIO)
        let swiftStub = SymbolName(raw: "$s9SampleApp12CatalogStoreC4loadyyKF@plt")
        #expect(swiftStub.simple == "CatalogStore.load()@plt")
        #expect(!FrameClassifier.isAppSymbol(swiftStub))
    }

    @Test("a classic executable (ET_EXEC, not position-independent) is named at its absolute addresses")
    func nonPositionIndependent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("elf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("fixed.c")
        try Data("int work(int x) { return x * 3; }\nint main(void) { return work(1) - 3; }\n".utf8).write(to: source)
        let output = folder.appendingPathComponent("fixed").path
        let clang = Process()
        clang.executableURL = URL(filePath: "/usr/bin/env")
        clang.arguments = ["clang", "-O1", "-no-pie", "-fno-pie", source.path, "-o", output]
        try clang.run()
        clang.waitUntilExit()
        try #require(clang.terminationStatus == 0)
        let image = try ELFImage(contentsOf: output)
        #expect(image.linkBase == 0x400000)
        let work = try #require(
            image.symbols.entries.indices.first { image.symbols.name(at: $0) == "work" }.map {
                image.symbols.entries[$0]
            })
        // Mapped where it is linked: the load address is the link base, the frame the function.
        let symbolicator = Symbolicator(sourceLocator: nil)
        let map = ImageMap([
            LoadedImage(
                path: output, loadAddress: Address(0x400000), textStart: Address(work.start),
                textEnd: Address(work.start + 64), buildID: nil)
        ])
        let frame = symbolicator.symbolicate(Address(work.start + 2), in: map, isReturnAddress: false)
        #expect(frame.symbol?.raw == "work", "\(frame)")
    }
}
