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
            guard let thread = cursor.thread(), let time = cursor.u64().map(Int64.init(bitPattern:)) else { return nil }
            guard Int(misc) & LP_PERF_MISC_SWITCH_OUT != 0 else { return .switchIn(thread: thread, timeNs: time) }
            let preempted = Int(misc) & LP_PERF_MISC_SWITCH_OUT_PREEMPT != 0
            return .switchOut(thread: thread, timeNs: time, preempted: preempted)
        case LP_PERF_RECORD_FORK, LP_PERF_RECORD_EXIT:
            return task(&cursor, isFork: Int(type) == LP_PERF_RECORD_FORK)
        case LP_PERF_RECORD_COMM:
            guard let thread = cursor.thread(), let name = cursor.cString(), cursor.thread() != nil,
                let time = cursor.u64()
            else { return nil }
            return .name(thread: thread, name: name, timeNs: Int64(bitPattern: time))
        case LP_PERF_RECORD_MMAP2:
            return mapping(&cursor)
        case LP_PERF_RECORD_LOST:
            _ = cursor.u64()
            return .lost(count: Int(clamping: cursor.u64() ?? 0))
        default:
            return nil
        }
    }

    /// A fork or exit record: pid, ppid, tid, ptid (u32 each), then the time.
    private func task(_ cursor: inout PerfCursor, isFork: Bool) -> PerfRecord? {
        guard let pid = cursor.u32(), let ppid = cursor.u32(), let tid = cursor.u32(), let ptid = cursor.u32(),
            let time = cursor.u64()
        else { return nil }
        let thread = PerfThread(process: Int32(bitPattern: pid), id: Int32(bitPattern: tid))
        let parent = PerfThread(process: Int32(bitPattern: ppid), id: Int32(bitPattern: ptid))
        return isFork
            ? .fork(thread: thread, parent: parent, timeNs: Int64(bitPattern: time))
            : .exit(thread: thread, timeNs: Int64(bitPattern: time))
    }

    private func sample(_ cursor: inout PerfCursor) -> PerfSample? {
        guard cursor.u64() != nil, let thread = cursor.thread(), let time = cursor.u64(), let period = cursor.u64(),
            let count = cursor.u64(), count < 4096
        else { return nil }
        var chain: [UInt64] = []
        chain.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let address = cursor.u64() else { return nil }
            if address < LP_PERF_CONTEXT_MAX { chain.append(address) }
        }
        var result = PerfSample(
            thread: thread, timeNs: Int64(bitPattern: time), period: period, chain: chain, registers: nil, stack: [])
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

    /// A pid and tid pair (u32 each).
    mutating func thread() -> PerfThread? {
        guard let pid = u32(), let tid = u32() else { return nil }
        return PerfThread(process: Int32(bitPattern: pid), id: Int32(bitPattern: tid))
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
