import CLaunchRunner

/// Decodes the records of one perf ring buffer (the layout follows the event's `sample_type`:
/// IP, TID, TIME, PERIOD, CALLCHAIN, and optionally REGS_USER and STACK_USER).
struct PerfRecordReader {
    /// Whether samples of this ring carry user registers and a stack copy.
    var samplesCarryStack: Bool

    /// Decodes every whole record in `bytes`; unknown record types are skipped.
    func records(in bytes: UnsafeRawBufferPointer) -> [PerfRecord] {
        var records: [PerfRecord] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let type = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let misc = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)
            let size = Int(bytes.loadUnaligned(fromByteOffset: offset + 6, as: UInt16.self))
            guard size >= 8, offset + size <= bytes.count else { break }
            let body = UnsafeRawBufferPointer(rebasing: bytes[(offset + 8)..<(offset + size)])
            if let record = decode(type: type, misc: misc, body: body) { records.append(record) }
            offset += size
        }
        return records
    }

    private func decode(type: UInt32, misc: UInt16, body: UnsafeRawBufferPointer) -> PerfRecord? {
        var cursor = PerfCursor(body)
        switch Int(type) {
        case LP_PERF_RECORD_SAMPLE:
            return sample(&cursor).map(PerfRecord.sample)
        case LP_PERF_RECORD_SWITCH:
            _ = cursor.u64()  // pid, tid
            let time = Int64(bitPattern: cursor.u64() ?? 0)
            guard Int(misc) & LP_PERF_MISC_SWITCH_OUT != 0 else { return .switchIn(timeNs: time) }
            let preempted = Int(misc) & LP_PERF_MISC_SWITCH_OUT_PREEMPT != 0
            return .switchOut(timeNs: time, preempted: preempted)
        case LP_PERF_RECORD_MMAP2:
            return mapping(&cursor)
        case LP_PERF_RECORD_LOST:
            _ = cursor.u64()
            return .lost(count: Int(clamping: cursor.u64() ?? 0))
        default:
            return nil
        }
    }

    private func sample(_ cursor: inout PerfCursor) -> PerfSample? {
        guard cursor.u64() != nil, cursor.u64() != nil, let time = cursor.u64(), let period = cursor.u64(),
            let count = cursor.u64(), count < 4096
        else { return nil }
        var chain: [UInt64] = []
        chain.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let address = cursor.u64() else { return nil }
            if address < LP_PERF_CONTEXT_MAX { chain.append(address) }
        }
        var result = PerfSample(
            timeNs: Int64(bitPattern: time), period: period, chain: chain, registers: nil, stack: [])
        guard samplesCarryStack else { return result }
        if let abi = cursor.u64(), abi != 0, let bp = cursor.u64(), let sp = cursor.u64(), let ip = cursor.u64() {
            result.registers = (bp, sp, ip)
        }
        if let size = cursor.u64(), size > 0, let copied = cursor.bytes(Int(size)), let dynamic = cursor.u64() {
            result.stack = Array(copied.prefix(Int(min(dynamic, size))))
        }
        return result
    }

    private func mapping(_ cursor: inout PerfCursor) -> PerfRecord? {
        _ = cursor.u64()  // pid, tid
        guard let start = cursor.u64(), let length = cursor.u64(), let offset = cursor.u64() else { return nil }
        _ = cursor.bytes(24)  // device and inode, or a build id
        guard let protection = cursor.u32(), cursor.u32() != nil else { return nil }
        guard protection & 0x4 != 0, let path = cursor.cString(), path.hasPrefix("/") || path == "[vdso]" else {
            return nil
        }
        return .executableMapping(start: start, length: length, fileOffset: offset, path: path)
    }
}

/// Reads little-endian fields from a record body, one after the other.
struct PerfCursor {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func u64() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    mutating func u32() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// A NUL-terminated string, padded to 8 bytes.
    mutating func cString() -> String? {
        guard let end = bytes[offset...].firstIndex(of: 0) else { return nil }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        offset = min(bytes.count, (end + 8) & ~7)
        return text
    }
}
