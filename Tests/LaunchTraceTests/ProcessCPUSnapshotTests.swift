import Testing

@testable import LaunchTrace

/// The other programs' CPU time around a launch, from `/proc/<pid>/stat` snapshots.
@Suite("Other programs' CPU time")
struct ProcessCPUSnapshotTests {
    @Test("a stat line's fields are counted from the name's last parenthesis, whatever the name holds")
    func parsesStat() throws {
        let line =
            "4242 (my (odd) prog) R 17 4242 4242 0 -1 4194304 120 0 0 0 31 9 0 0 20 0 1 0 123456 1000 100"
            + " 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
        let entry = try #require(ProcessCPUSnapshot.entry(stat: line))
        #expect(entry.name == "my (odd) prog")
        #expect(entry.parent == 17)
        #expect(entry.cpuTicks == 40)
        #expect(entry.startTicks == 123_456)
        #expect(ProcessCPUSnapshot.entry(stat: "12 (short) R 1 2") == nil)
    }

    @Test("the others' CPU time: differences by name, new processes whole, without the launch's tree or the runner")
    func others() {
        typealias Entry = ProcessCPUSnapshot.Entry
        let start = ProcessCPUSnapshot(processes: [
            10: Entry(parent: 1, name: "sh", startTicks: 5, cpuTicks: 100),
            11: Entry(parent: 1, name: "sh", startTicks: 6, cpuTicks: 50),
            20: Entry(parent: 1, name: "launchprof", startTicks: 7, cpuTicks: 10),
            30: Entry(parent: 1, name: "reused", startTicks: 8, cpuTicks: 900),
        ])
        let end = ProcessCPUSnapshot(processes: [
            10: Entry(parent: 1, name: "sh", startTicks: 5, cpuTicks: 130),
            11: Entry(parent: 1, name: "sh", startTicks: 6, cpuTicks: 70),
            20: Entry(parent: 1, name: "launchprof", startTicks: 7, cpuTicks: 40),
            21: Entry(parent: 20, name: "app", startTicks: 9, cpuTicks: 25),
            22: Entry(parent: 21, name: "app-helper", startTicks: 9, cpuTicks: 5),
            30: Entry(parent: 1, name: "reused", startTicks: 12, cpuTicks: 3),
            40: Entry(parent: 1, name: "idle", startTicks: 2, cpuTicks: 0),
        ])
        let others = end.others(since: start, excludingTreeOf: 21, andProcess: 20)
        #expect(
            others == [
                OtherProcessCPU(name: "sh", processes: 2, cpuNs: 500_000_000),
                OtherProcessCPU(name: "reused", processes: 1, cpuNs: 30_000_000),
            ])
    }
}
