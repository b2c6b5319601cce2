import Foundation
import LaunchAnalysis
import Testing

/// The benchmark's inputs and bookkeeping (its speed is measured in Benchmarks/Symbolication).
@Suite("Symbolication benchmark inputs")
struct SymbolicationBenchmarkTests {
    @Test("unique addresses of this process's functions all resolve to names")
    func uniqueAddressesResolve() throws {
        let images = ProcessImages.current()
        let addresses = try SymbolicationBenchmark.addresses(count: 2_000, images: images)
        #expect(addresses.count == 2_000)
        #expect(Set(addresses).count == addresses.count)
        let result = try SymbolicationBenchmark.run(addresses: addresses, images: images)
        #expect(result.frames == 2_000)
        #expect(result.namedFrames == result.frames)
    }
}
