/// A message the app's stall watchdog sends to the runner's ptrace sampler, one text line
/// each over the socket named by `LAUNCHPROF_STALL_FD` (beside ``ProbeEvent`` on the event socket):
///
/// - `stallStart <startNs> <callStateAddress> <tid> <intervalNs>\n`
/// - `stallEnd <startNs> <endNs>\n`
///
/// Times are absolute `CLOCK_MONOTONIC` nanoseconds.
package enum StallMessage: Sendable, Equatable {
    /// A stall started: sample thread `threadID` every `intervalNs` until its end. While the
    /// word at `callStateAddress` (the preloaded tracer's call state) says a traced call is
    /// running, the tracer's stack stands for the main thread's.
    case start(startNs: Int64, callStateAddress: UInt64, threadID: Int32, intervalNs: Int64)
    /// The stall that started at `startNs` ended at `endNs`.
    case end(startNs: Int64, endNs: Int64)

    /// The first word of each line.
    enum Keyword: String {
        case stallStart
        case stallEnd
    }

    /// The wire form, one line ending in `\n`.
    package var line: String {
        switch self {
        case .start(let startNs, let address, let threadID, let intervalNs):
            "\(Keyword.stallStart.rawValue) \(startNs) \(address) \(threadID) \(intervalNs)\n"
        case .end(let startNs, let endNs):
            "\(Keyword.stallEnd.rawValue) \(startNs) \(endNs)\n"
        }
    }

    /// Parses one line (without its newline); `nil` for a line that is not a message or has
    /// a thread id that is not positive.
    package init?(line: Substring) {
        let parts = line.split(separator: " ")
        guard let first = parts.first, let keyword = Keyword(rawValue: String(first)) else { return nil }
        switch keyword {
        case .stallStart:
            guard parts.count >= 5, let start = Int64(parts[1]), let address = UInt64(parts[2]),
                let threadID = Int32(parts[3]), threadID > 0, let interval = Int64(parts[4])
            else { return nil }
            self = .start(startNs: start, callStateAddress: address, threadID: threadID, intervalNs: interval)
        case .stallEnd:
            guard parts.count >= 3, let start = Int64(parts[1]), let end = Int64(parts[2]) else { return nil }
            self = .end(startNs: start, endNs: end)
        }
    }
}
