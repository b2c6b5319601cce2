import Foundation
import LaunchRunner
import LaunchTool
import LaunchTrace

/// Shows a run's progress on standard error: a bar redrawn in place on a terminal, one
/// plain line per launch otherwise (CI logs). Launches that end less than ``interval`` after
/// the last one shown are counted but not shown (a failed launch and the last one always are):
/// a line per launch of a 2 ms program is 500 lines a second, and the runner's time between
/// launches.
final class ProgressReporter {
    private var total: Int
    private var done = 0
    private var failures = 0
    private let interactive: Bool
    /// Whether ``total`` is the most launches there can be (compare stops when it decides).
    private let totalIsMaximum: Bool
    private let start = Date()
    /// The least time between two launches shown: a redraw on a terminal, a line in a log.
    private let interval: Double
    /// When the last launch was shown (seconds since ``start``), or nil before the first.
    private var shownAt: Double?

    init(total: Int, interactive: Bool, totalIsMaximum: Bool = false) {
        self.total = total
        self.interactive = interactive
        self.totalIsMaximum = totalIsMaximum
        interval = interactive ? 0.05 : 0.25
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
        let now = Date().timeIntervalSince(start)
        guard record.outcome != .completed || done >= total || shownAt.map({ now - $0 >= interval }) ?? true else {
            return
        }
        shownAt = now
        let detail = Self.detail(result)
        let who = label.map { " (\($0))" } ?? ""
        if interactive {
            let width = 30
            let filled = total > 0 ? min(width, width * done / total) : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            clearLine()
            if record.outcome != .completed { Terminal.printError("launch \(record.index)\(who): \(detail)") }
            _ = StandardStream.writeAll(
                Array("[\(bar)] \(done)/\(total)\(who)  \(failures) failed  \(detail)  \(timing())".utf8),
                to: STDERR_FILENO)
        } else {
            Terminal.printError("launch \(done)/\(total)\(who): \(detail), \(timing())")
        }
    }

    /// What one launch measured: its first frame or time to ready, or how it failed.
    static func detail(_ result: LaunchResult) -> String {
        let record = result.record
        guard record.outcome == .completed else { return record.message ?? record.outcome.rawValue }
        if let trace = result.trace, let ttff = trace.totals.timeToFirstFrameNs {
            return LaunchEndpoint(interface: trace.app.interface).displayName + " \(milliseconds(ttff)) ms"
        }
        if let ready = result.trace?.totals.timeToReadyNs ?? record.readyNs {
            return "ready in \(milliseconds(ready)) ms"
        }
        return "completed"
    }

    /// `ns` in milliseconds with one decimal (`12.3`), rounded half up.
    static func milliseconds(_ ns: Int64) -> String {
        let tenths = (ns + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
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
        _ = StandardStream.writeAll(Array("\r\u{1B}[2K".utf8), to: STDERR_FILENO)
    }
}
