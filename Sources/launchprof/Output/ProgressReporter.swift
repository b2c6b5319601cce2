import Foundation
import LaunchRunner
import LaunchTrace

/// Shows a run's progress on standard error: a bar redrawn in place on a terminal, one
/// plain line per launch otherwise (CI logs).
final class ProgressReporter {
    private var total: Int
    private var done = 0
    private var failures = 0
    private let interactive: Bool
    /// Whether ``total`` is the most launches there can be (compare stops when it decides).
    private let totalIsMaximum: Bool
    private let start = Date()

    init(total: Int, interactive: Bool, totalIsMaximum: Bool = false) {
        self.total = total
        self.interactive = interactive
        self.totalIsMaximum = totalIsMaximum
    }

    func extend(by count: Int) { total += count }

    func note(_ text: String) {
        if interactive { clearLine() }
        Terminal.printError(text)
    }

    /// One more launch; `label` says whose (`base`, `head`).
    func launched(_ result: LaunchResult, label: String? = nil) {
        done += 1
        let record = result.record
        if record.outcome != .completed { failures += 1 }
        let detail = Self.detail(result)
        let who = label.map { " (\($0))" } ?? ""
        if interactive {
            let width = 30
            let filled = total > 0 ? min(width, width * done / total) : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            clearLine()
            if record.outcome != .completed { Terminal.printError("launch \(record.index)\(who): \(detail)") }
            FileHandle.standardError.write(
                Data("[\(bar)] \(done)/\(total)\(who)  \(failures) failed  \(detail)  \(timing())".utf8))
        } else {
            Terminal.printError("launch \(done)/\(total)\(who): \(detail), \(timing())")
        }
    }

    /// What one launch measured: its first frame or time to ready, or how it failed.
    static func detail(_ result: LaunchResult) -> String {
        let record = result.record
        guard record.outcome == .completed else { return record.message ?? record.outcome.rawValue }
        if let trace = result.trace, let ttff = trace.totals.timeToFirstFrameNs {
            return LaunchEndpoint(interface: trace.app.interface).displayName
                + String(format: " %.1f ms", Double(ttff) / 1e6)
        }
        if let ready = result.trace?.totals.timeToReadyNs ?? record.readyNs {
            return String(format: "ready in %.1f ms", Double(ready) / 1e6)
        }
        return "completed"
    }

    /// Elapsed time and an estimate of what is left, from the launches so far.
    private func timing() -> String {
        let elapsed = Date().timeIntervalSince(start)
        let left = done > 0 ? elapsed / Double(done) * Double(max(0, total - done)) : 0
        return "\(Self.duration(elapsed)) elapsed, \(totalIsMaximum ? "at most " : "about ")\(Self.duration(left)) left"
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 60
            ? String(format: "%.0f s", seconds) : String(format: "%d min %02d s", Int(seconds) / 60, Int(seconds) % 60)
    }

    func finish() {
        if interactive {
            clearLine()
        }
    }

    private func clearLine() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
