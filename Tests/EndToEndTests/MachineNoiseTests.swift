import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The machine's noise through the built CLI: what else used the CPU during the launches, in
/// summary.json and comparison.json and said in the report when large; `--cpu` keeping the
/// launches on the CPUs it names, for `run` and `compare`.
@Suite("The machine's noise, named", .serialized)
struct MachineNoiseTests {
    /// A shell that appends the CPUs it may run on (`Cpus_allowed_list`) to `file`.
    static func affinityRecorder(_ file: URL) -> [String] {
        ["/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status >> \(file.path)"]
    }

    /// The CPU lists the launches recorded.
    static func recorded(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(
        "run beside a busy loop: summary.json records the other processes' CPU, the report says so; --cpu 1 pins every launch"
    )
    func runBesideABusyLoop() throws {
        let folder = try BuiltProducts.scratchFolder("noise-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cpus.txt")
        let busy = try ProductProcess.start("/bin/sh", ["-c", "while :; do :; done"])
        defer {
            // SIGKILL: the shell may have inherited an ignored SIGTERM from the test runner.
            kill(busy.process.processIdentifier, SIGKILL)
            busy.process.waitUntilExit()
        }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "4", "--warmup", "1", "--cpu", "1", "--output",
                folder.appendingPathComponent("run").path, "--",
            ]
                + Self.affinityRecorder(file))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summaryFile = folder.appendingPathComponent("run/summary.json")
        let problems = try JSONSchemaValidator.validate([summaryFile], against: JSONSchemaValidator.schema("summary"))
        #expect(problems[summaryFile.path] == [], "\(problems)")
        let load = try #require(try RunSummary.read(from: summaryFile).machineLoad)
        #expect(load.otherCpuShare >= 0.25, "a busy loop ran beside the launches: \(load)")
        #expect(load.seconds > 0 && load.cpus >= 1)
        #expect(output.stdout.contains("Busy machine: other processes used"), "\(output.stdout)")
        let cpus = try Self.recorded(file)
        #expect(cpus.count >= 5 && cpus.allSatisfy { $0 == "1" }, "\(cpus)")
    }

    @Test("compare --cpu 0: both builds' launches on CPU 0, comparison.json records the machine's load")
    func compareOnOneCPU() throws {
        let folder = try BuiltProducts.scratchFolder("noise-compare")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cpus.txt")
        let recorder = Self.affinityRecorder(file)
        let output = try BuiltProducts.launchprof([
            "compare", "--base", recorder[0], "--head", recorder[0], "--max-runs", "8", "--cpu", "0", "--output",
            folder.appendingPathComponent("cmp").path, "--", recorder[1], recorder[2],
        ])
        #expect([0, 2, 4].contains(output.status), "\(output.stdout)\(output.stderr)")
        let comparison = folder.appendingPathComponent("cmp/comparison.json")
        let problems = try JSONSchemaValidator.validate([comparison], against: JSONSchemaValidator.schema("comparison"))
        #expect(problems[comparison.path] == [], "\(problems)")
        #expect(try TraceJSON.read(ComparisonOutcome.self, from: comparison).machineLoad != nil)
        let cpus = try Self.recorded(file)
        #expect(cpus.count >= 16 && cpus.allSatisfy { $0 == "0" }, "\(cpus)")
    }

    @Test("--cpu names CPUs that are not online or not numbers: a clear error, nothing launched")
    func badList() throws {
        let output = try BuiltProducts.launchprof(["run", "--runs", "2", "--cpu", "1-x", "--", "/bin/true"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--cpu 1-x: 1-x is not a CPU number or range"), "\(output.stderr)")
        let offline = try BuiltProducts.launchprof(["run", "--runs", "2", "--cpu", "1023", "--", "/bin/true"])
        #expect(offline.status != 0)
        #expect(offline.stderr.contains("CPU 1023 is not online"), "\(offline.stderr)")
    }
}
