import Foundation
import LaunchTrace

/// Splits the bytes read from the event socket into ``ProbeEvent`` lines, keeping a
/// partial line until its end arrives.
struct EventLineBuffer {
    private(set) var events: [ProbeEvent] = []
    private var pending = Data()

    mutating func append(_ data: Data) {
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            if let event = ProbeEvent(line: Substring(line)) { events.append(event) }
        }
    }
}
