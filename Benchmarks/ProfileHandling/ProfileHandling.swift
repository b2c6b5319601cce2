// How fast the runner turns the whole-launch profile's ring-buffer records into a profile:
// decoding perf records (cpu-clock samples with 40-frame call chains and a 2 KiB stack copy,
// switch records) and building the profile (stack repair, interning, phases of time).
// Synthetic records with fixed contents; the addresses fall in one mapped file (this
// benchmark's own executable), so the stack repair reads real code.
import Benchmark
import Foundation
import LaunchRunner
import LaunchTrace

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .milliseconds,
        maxDuration: .seconds(10),
        maxIterations: 20,
        thresholds: [.wallClock: .init(relative: [.p50: 25.0])]
    )
    for count in [1_000, 10_000] {
        let rings = SyntheticRings.make(samples: count)
        Benchmark("DecodeAndBuild-\(count)-samples", configuration: .init(scalingFactor: .one)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    PerfRingDecoding.profile(
                        cpu: rings.cpu, switches: rings.switches, samplesCarryStack: true, samplePeriodNs: 1_000_000,
                        launchStartNs: 0, endNs: Int64(count) * 2_000_000
                    ))
            }
        }
    }
}

/// Perf records as the kernel writes them for one launch of `samples` cpu-clock samples and as
/// many switch-out/switch-in pairs.
enum SyntheticRings {
    static let executable = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().path

    static func make(samples: Int) -> (cpu: [UInt8], switches: [UInt8]) {
        var cpu = mapping()
        var switches: [UInt8] = []
        for index in 0..<samples {
            let time = UInt64(index) * 2_000_000 + 1_000_000
            cpu += sample(time: time, period: 1_000_000, depth: 40, seed: UInt64(index % 64))
            switches += sample(time: time + 100_000, period: 1, depth: 40, seed: UInt64(index % 64))
            switches += record(type: 14, misc: 1 << 13, body: [0, time + 100_000])
            switches += record(type: 14, misc: 0, body: [0, time + 900_000])
        }
        return (cpu, switches)
    }

    static let base: UInt64 = 0x5555_5555_0000

    static func mapping() -> [UInt8] {
        var body = words([0, base, 0x10_0000, 0]) + [UInt8](repeating: 0, count: 24) + words32([5, 2])
        body += Array(executable.utf8) + [0]
        while body.count % 8 != 0 { body.append(0) }
        return header(type: 10, misc: 0, size: 8 + body.count) + body
    }

    static func sample(time: UInt64, period: UInt64, depth: Int, seed: UInt64) -> [UInt8] {
        var body: [UInt64] = [base + 0x1000 + seed, 0, time, period, UInt64(depth + 1), 0xFFFF_FFFF_FFFF_FE00]
        body += (0..<depth).map { base + 0x2000 + UInt64($0) * 0x40 + seed }
        body += [2, 0x7FFF_0000_1000, 0x7FFF_0000_0000, base + 0x1000 + seed]
        let stack = (0..<256).map { base + 0x3000 + UInt64($0) * 8 }
        body += [2048] + stack + [2048]
        return record(type: 9, misc: 2, body: body)
    }

    static func record(type: UInt32, misc: UInt16, body: [UInt64]) -> [UInt8] {
        header(type: type, misc: misc, size: 8 + body.count * 8) + words(body)
    }

    static func header(type: UInt32, misc: UInt16, size: Int) -> [UInt8] {
        withUnsafeBytes(of: type.littleEndian) { Array($0) } + withUnsafeBytes(of: misc.littleEndian) { Array($0) }
            + withUnsafeBytes(of: UInt16(size).littleEndian) { Array($0) }
    }

    static func words(_ values: [UInt64]) -> [UInt8] {
        values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    }
    static func words32(_ values: [UInt32]) -> [UInt8] {
        values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    }
}
