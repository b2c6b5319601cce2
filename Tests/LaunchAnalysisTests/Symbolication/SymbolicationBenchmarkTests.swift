import Foundation
import LaunchAnalysis
import Testing

@Suite("Symbolication throughput")
struct SymbolicationBenchmarkTests {
    @Test("Unique addresses of this process resolve to names, fast")
    func throughput() throws {
        let images = ProcessImages.current()
        let addresses = try SymbolicationBenchmark.addresses(count: 50_000, images: images)
        #expect(addresses.count == 50_000)
        #expect(Set(addresses).count == addresses.count)
        let result = try SymbolicationBenchmark.run(addresses: addresses, images: images)
        #expect(result.namedFrames == result.frames)
        print("symbolication: \(result.frames) unique frames in \(result.seconds) s = \(Int(result.framesPerSecond)) frames/s over \(result.images) images")
        // Debug builds are several times slower than release; the release target is 100,000/s.
        #expect(result.framesPerSecond > 10_000)
    }
}
