import Foundation
import LaunchTool
import LaunchTrace
import Testing

/// What else used the CPU between two snapshots: the arithmetic, the sentence, and a real
/// snapshot of this machine taken around a busy loop of this process (its own time, not another's).
@Suite("Machine load")
struct MachineLoadTests {
    @Test("other processes' share is all busy CPU time less launchprof's own, per second of wall time")
    func arithmetic() {
        let start = MachineLoad.Snapshot(
            wallSeconds: 10, busySeconds: 100, stealSeconds: 1, ownSeconds: 5, cpus: 2, loadAverage: 1)
        let end = MachineLoad.Snapshot(
            wallSeconds: 12, busySeconds: 103.5, stealSeconds: 1.5, ownSeconds: 7, cpus: 2, loadAverage: 2.5)
        let load = MachineLoad(from: start, to: end)
        #expect(load.seconds == 2)
        #expect(abs(load.otherCpuShare - 0.75) < 1e-12)
        #expect(abs(load.ownCpuShare - 1) < 1e-12)
        #expect(abs(load.stealShare - 0.25) < 1e-12)
        #expect(load.isLarge)
        #expect(
            load.sentence
                == "other processes used 75 % of a CPU during the launches, the hypervisor stole 25 % (load average 2.50, 2 CPUs)"
        )
        let quiet = MachineLoad(
            seconds: 2, cpus: 2, otherCpuShare: 0.05, ownCpuShare: 1, stealShare: 0, loadAverage: 0.3)
        #expect(!quiet.isLarge)
    }

    @Test("a real snapshot: this process's own busy loop counts as its own")
    func realSnapshot() {
        let start = MachineLoad.Snapshot.now()
        let end = Date().addingTimeInterval(0.3)
        var counter = 0
        while Date() < end { counter &+= 1 }
        let load = MachineLoad(from: start, to: .now())
        #expect(load.seconds >= 0.3 && load.cpus >= 1)
        #expect(load.ownCpuShare > 0.05, "\(load)")
        #expect(load.otherCpuShare >= 0 && load.loadAverage >= 0)
        #expect(counter > 0)
    }
}
