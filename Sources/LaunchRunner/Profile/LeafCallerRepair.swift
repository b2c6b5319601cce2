import LaunchTrace

/// Finds the callers a frame-pointer call chain skips. The kernel walks frame pointers; a leaf
/// function that keeps none (libc's system-call wrappers, `memcpy`) leaves the frame pointer at
/// its caller's frame, so the chain goes from the leaf straight to the caller's caller and the
/// function that made the call is lost. With the top of the user stack copied at the sample,
/// the return addresses between the stack pointer and the frame pointer restore it: every word
/// there that points into executable code of a library without frame pointers is kept, up to and
/// including the first that points into any other code (the caller).
struct LeafCallerRepair {
    private let images: [LoadedImage]
    private let withoutFramePointers: [Bool]

    /// Libraries built without frame pointers, by file name prefix.
    static let librariesWithoutFramePointers = ["libc.so", "libc-", "ld-linux", "libm.so", "libpthread", "libdl", "librt"]

    init(images: [LoadedImage]) {
        self.images = images
        withoutFramePointers = images.map { image in
            let name = image.path.split(separator: "/").last.map(String.init) ?? image.path
            return Self.librariesWithoutFramePointers.contains { name.hasPrefix($0) }
        }
    }

    /// The sample's chain with the skipped callers put back.
    func chain(of sample: PerfSample) -> [UInt64] {
        guard let registers = sample.registers, let leaf = sample.chain.first,
              let leafImage = imageIndex(of: leaf), withoutFramePointers[leafImage] else { return sample.chain }
        let found = skippedCallers(stack: sample.stack, sp: registers.sp, bp: registers.bp)
        guard !found.isEmpty else { return sample.chain }
        var rest = sample.chain.dropFirst()
        if let last = found.last, rest.first == last { rest = rest.dropFirst() }
        return [leaf] + found + rest
    }

    private func skippedCallers(stack: [UInt8], sp: UInt64, bp: UInt64) -> [UInt64] {
        let limit = bp > sp ? min(UInt64(stack.count), bp - sp) : UInt64(stack.count)
        var found: [UInt64] = []
        var offset = 0
        stack.withUnsafeBytes { bytes in
            while UInt64(offset + 8) <= limit {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
                guard let image = imageIndex(of: word) else { continue }
                found.append(word)
                if !withoutFramePointers[image] { break }
            }
        }
        return found
    }

    private func imageIndex(of address: UInt64) -> Int? {
        images.firstIndex { $0.contains(Address(address)) }
    }
}
