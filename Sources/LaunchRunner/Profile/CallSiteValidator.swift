import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells whether a word found on a stack is a return address: it points into a file mapped
/// executable, just after a call instruction (x86-64 `call rel32`, or `call` through a register
/// or memory operand). The code is read from the mapped files, as it was at the launch.
final class CallSiteValidator {
    /// One executable mapping of the launch.
    struct Mapping {
        var start: UInt64
        var end: UInt64
        var fileOffset: UInt64
        /// The file, or nil for a mapping with none (the vDSO).
        var path: String?
    }

    private let mappings: [Mapping]
    private var files: [String: Int32] = [:]
    private var verdicts: [UInt64: Bool] = [:]

    init(mappings: [Mapping]) {
        self.mappings = mappings.sorted { $0.start < $1.start }
    }

    deinit { for descriptor in files.values { close(descriptor) } }

    /// The mapping that holds `address`.
    func mapping(of address: UInt64) -> Mapping? {
        var low = 0
        var high = mappings.count
        while low < high {
            let middle = (low + high) / 2
            if mappings[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0, address < mappings[low - 1].end else { return nil }
        return mappings[low - 1]
    }

    /// Whether `address` is just after a call instruction in an executable mapping.
    func isReturnAddress(_ address: UInt64) -> Bool {
        if let known = verdicts[address] { return known }
        let verdict = check(address)
        verdicts[address] = verdict
        return verdict
    }

    private func check(_ address: UInt64) -> Bool {
        guard let mapping = mapping(of: address), let path = mapping.path, address >= mapping.start + 7,
            let fd = file(path)
        else { return false }
        var code = [UInt8](repeating: 0, count: 7)
        let offset = off_t(Int64(bitPattern: address - 7 - mapping.start + mapping.fileOffset))
        guard pread(fd, &code, 7, offset) == 7 else { return false }
        return Self.endsWithCall(code)
    }

    /// Whether the 7 bytes before a return address end with a call instruction.
    static func endsWithCall(_ code: [UInt8]) -> Bool {
        if code[2] == 0xE8 { return true }  // call rel32
        if code[5] == 0xFF, (code[6] >> 3) & 7 == 2, code[6] >> 6 == 3 { return true }  // call reg
        if code[4] == 0xFF, (code[5] >> 3) & 7 == 2, code[5] >> 6 == 1 { return true }  // call [reg+disp8]
        if code[4] == 0xFF, code[5] & 0xC7 == 0x14 { return true }  // call [reg+reg*s]
        if code[5] == 0xFF, (code[6] >> 3) & 7 == 2, code[6] >> 6 == 0 { return true }  // call [reg]
        // call [rip+disp32], [reg+disp32]
        if code[1] == 0xFF, (code[2] >> 3) & 7 == 2, code[2] >> 6 != 3 { return true }
        return false
    }

    private func file(_ path: String) -> Int32? {
        if let fd = files[path] { return fd >= 0 ? fd : nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        files[path] = fd
        return fd >= 0 ? fd : nil
    }
}
