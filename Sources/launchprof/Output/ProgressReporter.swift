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

    init(total: Int, interactive: Bool) {
        self.total = total
        self.interactive = interactive
    }

    func extend(by count: Int) { total += count }

    func note(_ text: String) {
        if interactive { clearLine() }
        Terminal.printError(text)
    }

    func launched(_ result: LaunchResult) {
        done += 1
        let record = result.record
        if record.outcome != .completed { failures += 1 }
        let detail: String
        if let trace = result.trace, let ttff = trace.totals.timeToFirstFrameNs {
            detail =
                LaunchEndpoint(interface: trace.app.interface).displayName
                + String(format: " %.1f ms", Double(ttff) / 1e6)
        } else {
            detail = record.message ?? record.outcome.rawValue
        }
        if interactive {
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            clearLine()
            if record.outcome != .completed { Terminal.printError("launch \(record.index): \(detail)") }
            FileHandle.standardError.write(Data("[\(bar)] \(done)/\(total)  \(failures) failed  \(detail)".utf8))
        } else {
            Terminal.printError("launch \(done)/\(total): \(record.outcome.rawValue), \(detail)")
        }
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
