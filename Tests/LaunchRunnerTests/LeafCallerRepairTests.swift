import Foundation
import Testing

@testable import LaunchRunner

/// The callers a frame-pointer chain skips, put back from the copied stack, on hand-made stacks
/// and code files (a call instruction before each return address).
@Suite("Leaf caller repair")
struct LeafCallerRepairTests {
    /// A code file named `name` in `folder` whose bytes before each of `returns` end with a
    /// `call rel32` (E8 and four bytes).
    static func codeFile(_ name: String, in folder: URL, returns: [Int]) throws -> String {
        var bytes = [UInt8](repeating: 0x90, count: 0x1000)
        for offset in returns { bytes[offset - 5] = 0xE8 }
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A stack copy of `size` bytes with `words` at their offsets.
    static func stack(_ words: [Int: UInt64], size: Int = 0x100) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        for (offset, word) in words {
            withUnsafeBytes(of: word.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        }
        return bytes
    }

    @Test("libc's clock_gettime calling the vDSO: the program function that called libc is put back")
    func middleFrameWithoutFramePointer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, libc, vdso): (UInt64, UInt64, UInt64) = (0x5500_0000_0000, 0x7f00_0000_0000, 0x7fff_0000_0000)
        let validator = CallSiteValidator(mappings: [
            .init(
                start: app, end: app + 0x1000, fileOffset: 0,
                path: try Self.codeFile("app", in: folder, returns: [0x105, 0x205])),
            .init(
                start: libc, end: libc + 0x1000, fileOffset: 0,
                path: try Self.codeFile("libc.so.6", in: folder, returns: [0x305])),
            .init(start: vdso, end: vdso + 0x1000, fileOffset: 0, path: nil),
        ])
        let sp: UInt64 = 0x7ffd_0000_0000
        // The vDSO's frame record at sp+0x20 (saved frame pointer, return into libc); libc's
        // wrapper keeps no frame, so the saved pointer is crunch's frame at sp+0x60, and the
        // return into crunch (app+0x105) lies between the two; crunch's record returns into main.
        let stack = Self.stack([
            0x20: sp + 0x60, 0x28: libc + 0x305, 0x38: app + 0x105, 0x60: sp + 0xa0, 0x68: app + 0x205,
        ])
        let sample = PerfSample(
            thread: PerfThread(process: 1, id: 1), timeNs: 0, period: 1,
            chain: [vdso + 0x10, libc + 0x305, app + 0x205], registers: (bp: sp + 0x20, sp: sp, ip: vdso + 0x10),
            stack: stack)
        let chain = LeafCallerRepair(validator: validator).chain(of: sample)
        #expect(chain == [vdso + 0x10, libc + 0x305, app + 0x105, app + 0x205])
    }

    @Test("rbp below the stack pointer (a program built without frame pointers): the chain is kept, no trap")
    func framePointerBelowStackPointer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, libc): (UInt64, UInt64) = (0x5500_0000_0000, 0x7f00_0000_0000)
        let validator = CallSiteValidator(mappings: [
            .init(
                start: app, end: app + 0x1000, fileOffset: 0,
                path: try Self.codeFile("app", in: folder, returns: [0x105, 0x205])),
            .init(
                start: libc, end: libc + 0x1000, fileOffset: 0,
                path: try Self.codeFile("libc.so.6", in: folder, returns: [0x305])),
        ])
        let sp: UInt64 = 0x7ffd_0000_0000
        let sample = PerfSample(
            thread: PerfThread(process: 1, id: 1), timeNs: 0, period: 1,
            chain: [app + 0x10, libc + 0x305, app + 0x205], registers: (bp: 0x1234, sp: sp, ip: app + 0x10),
            stack: Self.stack([0x28: app + 0x105]))
        let chain = LeafCallerRepair(validator: validator).chain(of: sample)
        #expect(chain.first == app + 0x10 && chain.suffix(2) == [libc + 0x305, app + 0x205], "\(chain)")
    }

    @Test("a second frame that keeps its frame pointer is left as the kernel walked it")
    func middleFrameWithFramePointer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, lib): (UInt64, UInt64) = (0x5500_0000_0000, 0x7f00_0000_0000)
        let validator = CallSiteValidator(mappings: [
            .init(
                start: app, end: app + 0x1000, fileOffset: 0,
                path: try Self.codeFile("app", in: folder, returns: [0x105, 0x205])),
            .init(
                start: lib, end: lib + 0x1000, fileOffset: 0,
                path: try Self.codeFile("libwork.so", in: folder, returns: [0x305])),
        ])
        let sp: UInt64 = 0x7ffd_0000_0000
        let stack = Self.stack([
            0x20: sp + 0x60, 0x28: lib + 0x305, 0x38: app + 0x105, 0x60: sp + 0xa0, 0x68: app + 0x205,
        ])
        let sample = PerfSample(
            thread: PerfThread(process: 1, id: 1), timeNs: 0, period: 1,
            chain: [lib + 0x10, lib + 0x305, app + 0x205], registers: (bp: sp + 0x20, sp: sp, ip: lib + 0x10),
            stack: stack)
        #expect(LeafCallerRepair(validator: validator).chain(of: sample) == [lib + 0x10, lib + 0x305, app + 0x205])
    }
}
