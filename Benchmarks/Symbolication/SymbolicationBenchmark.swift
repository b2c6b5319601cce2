import LaunchSymbolication
import LaunchTrace

/// Measures name lookup over unique addresses with the symbol tables already loaded (the
/// docs/architecture.md target is at least 100,000 frames/s; file:line is batched separately and not
/// included).
///
/// ```swift
/// let images = ProcessImages.current()
/// let addresses = try SymbolicationBenchmark.addresses(count: 100_000, images: images)
/// let result = try SymbolicationBenchmark.run(addresses: addresses, images: images)
/// print(result.framesPerSecond)
/// ```
enum SymbolicationBenchmark {
    /// `count` unique addresses inside function symbols of `images`, spread round-robin over
    /// every function (first bytes 1, 2, 3, … of each), so each lookup is a cache miss and
    /// most functions are demangled once.
    ///
    /// - Throws: ``LaunchProfilerError`` when no image has function symbols.
    static func addresses(count: Int, images: [LoadedImage]) throws -> [Address] {
        var functions: [(load: UInt64, start: UInt64, size: UInt64)] = []
        for image in images {
            guard let elf = try? ELFImage(contentsOf: image.path) else { continue }
            for entry in elf.symbols.entries where entry.size > 1 {
                let address = image.loadAddress.value &+ entry.start
                guard image.contains(Address(address)) else { continue }
                functions.append((image.loadAddress.value, entry.start, entry.size))
            }
        }
        guard !functions.isEmpty else {
            throw LaunchProfilerError.invalidELF(
                path: images.first?.path ?? "(no images)", reason: "No image has function symbols to benchmark.")
        }
        var result: [Address] = []
        result.reserveCapacity(count)
        var offset: UInt64 = 1
        while result.count < count {
            var added = false
            for function in functions where offset < function.size {
                result.append(Address(function.load &+ function.start &+ offset))
                added = true
                if result.count == count { break }
            }
            if !added { break }
            offset += 1
        }
        return result
    }

    /// Loads the symbol tables of `images` (not timed), then resolves every address once
    /// with a fresh cache and no symbolizer, and times that.
    static func run(addresses: [Address], images: [LoadedImage]) throws -> SymbolicationThroughput {
        let symbolicator = Symbolicator(sourceLocator: nil)
        var loaded = 0
        for image in images where (try? symbolicator.loadImage(image.path)) != nil { loaded += 1 }
        let map = ImageMap(images)
        var named = 0
        let clock = ContinuousClock()
        let start = clock.now
        for address in addresses where symbolicator.symbolicate(address, in: map, isReturnAddress: true).symbol != nil {
            named += 1
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return SymbolicationThroughput(frames: addresses.count, namedFrames: named, images: loaded, seconds: seconds)
    }
}
