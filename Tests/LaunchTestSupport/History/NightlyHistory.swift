import Foundation
import LaunchHistory
import LaunchTool
import LaunchTrace

/// Eight nightly runs of a small command-line program, builds c1 to c8, shaped as
/// `Examples/NightlyTrend/make-history.sh` records them: the fifth build and those after it
/// take 3 ms more to be ready, the main thread's blocked time goes from 0 to 3 ms with it, and
/// `exec.blocked`, `exit.blocked` and `majorFaults` are 0 in every run.
package enum NightlyHistory {
    /// Night `night` (0-based) of 2026-11-20, at 02:00 UTC.
    package static func timestamp(_ night: Int) -> String {
        HistoryRun.timestamp(Date(timeIntervalSince1970: 1_795_140_000 + Double(night) * 86_400))
    }

    /// The eight runs, oldest first, with 20 launches each.
    package static func runs(app: String = "nightlyprog") -> [HistoryRun] {
        (0..<8).map { night in
            let slow = night >= 4 ? 3_000_000.0 : 0
            let jitter = { (launch: Int) in Double((launch * 37 + night * 11) % 17) * 4_000 }
            let values = { (base: Double) in (0..<20).map { base + jitter($0) } }
            let metrics = [
                HistoryMetric(scenario: "warm", metric: "timeToReady", values: values(880_000 + slow)),
                HistoryMetric(scenario: "warm", metric: "exec", values: values(310_000)),
                HistoryMetric(scenario: "warm", metric: "exec.blocked", values: Array(repeating: 0, count: 20)),
                HistoryMetric(scenario: "warm", metric: "exit.blocked", values: Array(repeating: 0, count: 20)),
                HistoryMetric(scenario: "warm", metric: "main", values: values(420_000 + slow)),
                HistoryMetric(
                    scenario: "warm", metric: "main.blocked",
                    values: slow == 0 ? Array(repeating: 0, count: 20) : values(slow)),
                HistoryMetric(scenario: "warm", metric: "minorFaults", values: (0..<20).map { 112 + Double($0 % 4) }),
                HistoryMetric(scenario: "warm", metric: "majorFaults", values: Array(repeating: 0, count: 20)),
                HistoryMetric(
                    scenario: "warm", metric: "peakMemory", values: (0..<20).map { 1_310_720 + Double($0 % 3) * 4096 }),
            ]
            return HistoryRun(
                key: "\(app)-c\(night + 1)", recordedAt: timestamp(night), app: app,
                revision: SourceRevision(commit: "c\(night + 1)", branch: "nightly"),
                machine: MachineFingerprint(machineClass: "vm/2c/24GiB", hostname: "ci", kernel: "6.1"),
                scenario: "warm", launches: 20, metrics: metrics)
        }
    }
}
