import CLaunchRunner
import Foundation
import LaunchTrace

/// Splits the bytes read from the event socket into ``ProbeEvent`` lines, keeping a
/// partial line until its end arrives. The audit module's records (a `preMainRecords <bytes>`
/// line and that many bytes, `lp_premain_abi.h`) become the `preMain` events they stand for.
struct EventLineBuffer {
    private(set) var events: [ProbeEvent] = []
    private var pending = Data()
    /// The bytes of records still to come after a `preMainRecords` line.
    private var recordBytes: Int?

    mutating func append(_ data: Data) {
        pending.append(data)
        while true {
            if let count = recordBytes {
                guard pending.count >= count else { return }
                events += PreMainRecords.events(in: pending.prefix(count))
                pending.removeFirst(count)
                recordBytes = nil
                continue
            }
            guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return }
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            if let count = PreMainRecords.announced(by: line) {
                recordBytes = count
            } else if let event = ProbeEvent(line: Substring(line)) {
                events.append(event)
            }
        }
    }
}
