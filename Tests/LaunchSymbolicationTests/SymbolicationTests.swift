import Foundation
import LaunchSymbolication
import LaunchTrace
import Testing

/// Return addresses of the current stack, innermost first, taken inside a function whose
/// name the tests know.
@inline(never)
func symbolicationProbe() -> [Address] {
    let addresses = Thread.callStackReturnAddresses.map { Address(UInt64($0.uintValue)) }
    return addresses
}

/// A type whose method the tests look up by its address.
struct SymbolicationTarget {
    @inline(never)
    static func captureStack(depth: Int, label: String) -> [Address] {
        depth <= 0 ? symbolicationProbe() : captureStack(depth: depth - 1, label: label)
    }
}

/// A C-callable function, to take its address with `unsafeBitCast`.
@inline(never)
func cCallableProbe(_ value: Int32) -> Int32 { value &* 3 }

@Suite("Symbolication")
struct SymbolicationTests {
    let images = ProcessImages.current()

    @Test("The test binary's own frames get their demangled, simplified names")
    func ownFrames() throws {
        let stack = SymbolicationTarget.captureStack(depth: 2, label: "x")
        let symbolicator = Symbolicator(sourceLocator: nil)
        let frames = symbolicator.symbolicate(stack: stack, in: ImageMap(images), firstIsExact: false)
        let names = frames.map(\.displayName)
        let probe = try #require(names.firstIndex(of: "symbolicationProbe()"), "names: \(names.prefix(8))")
        #expect(names[probe + 1] == "SymbolicationTarget.captureStack(depth:label:)")
        #expect(names[probe + 2] == "SymbolicationTarget.captureStack(depth:label:)")
        #expect(names[probe + 3] == "SymbolicationTarget.captureStack(depth:label:)")
        let frame = frames[probe]
        #expect(frame.symbol?.module == "LaunchSymbolicationTests")
        #expect(
            frame.symbol?.full == "LaunchSymbolicationTests.symbolicationProbe() -> Swift.Array<LaunchTrace.Address>")
        #expect(frame.image == images.first { $0.contains(stack[probe]) }?.path)
    }

    @Test("A C-callable function's address names the function")
    func cFunctionAddress() throws {
        let pointer: @convention(c) (Int32) -> Int32 = { cCallableProbe($0) }
        let address = Address(UInt64(UInt(bitPattern: unsafeBitCast(pointer, to: Int.self))))
        let frame = Symbolicator(sourceLocator: nil).symbolicate(address, in: ImageMap(images), isReturnAddress: false)
        let symbol = try #require(frame.symbol)
        #expect(symbol.simple.hasPrefix("closure #1 in SymbolicationTests.cFunctionAddress()"), "\(symbol.full)")
        #expect(frame.symbolOffset == 0)
    }

    @Test("Addresses outside every image, or in a stripped image, stay readable")
    func unknownAddresses() throws {
        let stripped = LoadedImage(
            path: "/apps/Stripped", loadAddress: Address(0x5000_0000), textStart: Address(0x5000_1000),
            textEnd: Address(0x5000_9000), buildID: nil)
        let symbolicator = Symbolicator(sourceLocator: nil)
        symbolicator.register(
            ELFImage(path: "/apps/Stripped", buildID: nil, symbols: SymbolTable(symbols: []), symbolSource: "none"),
            for: "/apps/Stripped")
        let map = ImageMap([stripped])
        #expect(
            symbolicator.symbolicate(Address(0x5000_1234), in: map, isReturnAddress: false).displayName
                == "Stripped+0x1234")
        #expect(symbolicator.symbolicate(Address(0x10), in: map, isReturnAddress: false).displayName == "0x10")
        let missing = LoadedImage(
            path: "/nonexistent/libgone.so", loadAddress: Address(0x7000_0000), textStart: Address(0x7000_0000),
            textEnd: Address(0x7000_1000), buildID: nil)
        let frame = symbolicator.symbolicate(Address(0x7000_0042), in: ImageMap([missing]), isReturnAddress: true)
        #expect(frame.displayName == "libgone.so+0x42")
        #expect(symbolicator.problems["/nonexistent/libgone.so"]?.hasPrefix("The file cannot be read") == true)
    }

    @Test("A build id that differs from the launch's leaves frames unnamed and says why")
    func buildIDMismatch() {
        let symbolicator = Symbolicator(sourceLocator: nil)
        symbolicator.register(
            ELFImage(
                path: "/apps/App", buildID: "aaaa", symbols: SymbolTable(symbols: [("main", 0x1000, 0x100)]),
                symbolSource: ".symtab"), for: "/apps/App")
        let image = LoadedImage(
            path: "/apps/App", loadAddress: Address(0), textStart: Address(0x1000), textEnd: Address(0x2000),
            buildID: "BBBB")
        #expect(
            symbolicator.symbolicate(Address(0x1010), in: ImageMap([image]), isReturnAddress: false).displayName
                == "App+0x1010")
        #expect(symbolicator.problems["/apps/App"]?.contains("rebuilt") == true)
    }

    @Test("Return addresses look up the call instruction, so a call ending a function stays in it")
    func returnAddressAdjustment() {
        let symbolicator = Symbolicator(sourceLocator: nil)
        symbolicator.register(
            ELFImage(
                path: "/apps/App", buildID: nil,
                symbols: SymbolTable(symbols: [("first", 0x1000, 0x10), ("second", 0x1010, 0x10)]),
                symbolSource: ".symtab"), for: "/apps/App")
        let map = ImageMap([
            LoadedImage(
                path: "/apps/App", loadAddress: Address(0x40_0000), textStart: Address(0x40_1000),
                textEnd: Address(0x40_2000), buildID: nil)
        ])
        #expect(symbolicator.symbolicate(Address(0x40_1010), in: map, isReturnAddress: true).displayName == "first")
        #expect(symbolicator.symbolicate(Address(0x40_1010), in: map, isReturnAddress: false).displayName == "second")
        #expect(
            symbolicator.symbolicate(Address(0x40_1020), in: map, isReturnAddress: false).displayName == "App+0x1020")
    }

    @Test("file:line comes from the external symbolizer in one batch per image")
    func sourceLocations() throws {
        let locator = try #require(SourceLocator.find(), "No llvm-symbolizer or addr2line on this machine.")
        let line = #line + 1
        let stack = SymbolicationTarget.captureStack(depth: 0, label: "y")
        let symbolicator = Symbolicator(sourceLocator: locator)
        let map = ImageMap(images)
        let before = symbolicator.symbolicate(stack: stack, in: map, firstIsExact: false)
        let probe = try #require(before.firstIndex { $0.displayName == "symbolicationProbe()" })
        #expect(before[probe].location == nil)
        symbolicator.locateSources()
        let after = symbolicator.symbolicate(stack: stack, in: map, firstIsExact: false)
        let caller = try #require(after.firstIndex { $0.displayName == "SymbolicationTests.sourceLocations()" })
        #expect(after[caller].location?.line == line)
        #expect(after[caller].location?.file.hasSuffix("SymbolicationTests.swift") == true)
        #expect(after[probe].location?.description.hasPrefix("SymbolicationTests.swift:") == true)
    }

    @Test("The test binary's symbol table is read from .symtab with a build id")
    func ownImage() throws {
        let path = try #require(images.first { $0.contains(symbolicationProbe()[1]) }?.path)
        let image = try ELFImage(contentsOf: path)
        #expect(image.symbolSource == ".symtab")
        #expect(image.symbols.count > 1_000)
        #expect(image.buildID?.count ?? 0 >= 16)
    }
}
