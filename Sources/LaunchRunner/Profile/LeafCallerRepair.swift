/// Finds the callers a frame-pointer call chain skips. The kernel walks frame pointers; a leaf
/// function that keeps none (libc's system-call wrappers, the vDSO, `memcpy`) leaves the frame
/// pointer at its caller's frame, so the chain goes from the leaf straight to the caller's
/// caller and the function that made the call is lost; and code that uses the frame-pointer
/// register for data (parts of libdispatch) ends the chain there.
///
/// With the top of the user stack copied at each sample, the return addresses on it restore
/// what was lost: the words between the stack pointer and the frame the chain continues from
/// (or the whole copy, when the chain is broken) that are return addresses (just after a call
/// instruction, see ``CallSiteValidator``) are put back, innermost first.
struct LeafCallerRepair {
    private let validator: CallSiteValidator

    /// File-name prefixes of code built without frame pointers.
    static let codeWithoutFramePointers = [
        "libc.so", "libc-", "ld-linux", "libm.so", "libpthread", "libdl", "librt", "[vdso]",
    ]

    init(validator: CallSiteValidator) {
        self.validator = validator
    }

    /// The sample's chain with the skipped callers put back.
    func chain(of sample: PerfSample) -> [UInt64] {
        guard let registers = sample.registers, let leaf = sample.chain.first else { return sample.chain }
        var rest = Array(sample.chain.dropFirst())
        let intact = rest.first.map(validator.isReturnAddress) ?? false
        let copied = UInt64(sample.stack.count)
        let limit = intact && registers.bp > registers.sp ? min(copied, registers.bp - registers.sp) : copied
        var found = returnAddresses(in: sample.stack, upTo: Int(limit))
        // Between the stack pointer and an intact chain's frame lie the leaf's own locals: a leaf
        // known to keep no frame pointer (libc's nested wrappers) may have several callers there,
        // any other at most one (its caller, when it kept no frame pointer either).
        if intact, !lacksFramePointers(leaf) { found = Array(found.prefix(1)) }
        if !intact { rest = [] }
        if let last = found.last, last == rest.first { found.removeLast() }
        // A program built without frame pointers may hold any value in rbp, below the stack pointer too.
        if intact, registers.bp > registers.sp {
            rest = repairingMiddle(rest, sample: sample, frame: registers.bp - registers.sp)
        }
        return [leaf] + found + rest
    }

    /// The chain after the leaf with the caller of its second frame put back, when that frame
    /// keeps no frame pointer: the leaf (the vDSO's `clock_gettime`) kept one, so the chain
    /// reaches libc's wrapper that called it, and then the wrapper's caller's caller, since the
    /// wrapper left the frame-pointer register at its caller's frame. The lost return address
    /// lies between the leaf's frame record and the next one (`frame` is the leaf's frame
    /// pointer as an offset into the copied stack).
    private func repairingMiddle(_ rest: [UInt64], sample: PerfSample, frame: UInt64) -> [UInt64] {
        guard let second = rest.first, lacksFramePointers(second), frame + 16 <= UInt64(sample.stack.count),
            let registers = sample.registers
        else { return rest }
        let saved = sample.stack.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: Int(frame), as: UInt64.self) }
        guard saved > registers.bp, saved > registers.sp else { return rest }
        let end = Int(min(saved - registers.sp, UInt64(sample.stack.count)))
        var middle = returnAddresses(in: sample.stack, from: Int(frame) + 16, upTo: end)
        if let last = middle.last, rest.count > 1, last == rest[1] { middle.removeLast() }
        return [second] + middle + rest.dropFirst()
    }

    private func lacksFramePointers(_ address: UInt64) -> Bool {
        guard let mapping = validator.mapping(of: address) else { return false }
        let name = mapping.path.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "[vdso]"
        return Self.codeWithoutFramePointers.contains { name.hasPrefix($0) }
    }

    private func returnAddresses(in stack: [UInt8], from start: Int = 0, upTo limit: Int) -> [UInt64] {
        var found: [UInt64] = []
        stack.withUnsafeBytes { bytes in
            var offset = start
            while offset + 8 <= limit {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                if validator.isReturnAddress(word) { found.append(word) }
                offset += 8
            }
        }
        return found
    }
}
