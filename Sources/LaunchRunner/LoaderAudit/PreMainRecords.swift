import CLaunchRunner
import Foundation
import LaunchTrace

/// The audit module's records (`lp_premain_abi.h`): fixed-size, in the machine's byte order, each
/// followed by its text (an object's path) padded to 8 bytes. They are read into the `preMain`
/// events of ``ProbeEvent/Kind/preMain`` that ``PreMainBreakdown`` is built from.
enum PreMainRecords {
    /// The size of one record.
    static let recordSize = MemoryLayout<lp_premain_record>.size

    /// The byte count a `preMainRecords <bytes>` line announces, nil for another line.
    static func announced(by line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[0] == LP_EVENT_PRE_MAIN_RECORDS, let count = Int(parts[1]), count >= 0,
            count <= 64 << 20
        else { return nil }
        return count
    }

    /// The events of the records in `bytes`; a record cut short ends them.
    static func events(in bytes: Data) -> [ProbeEvent] {
        var events: [ProbeEvent] = []
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + recordSize <= raw.count {
                let record = raw.loadUnaligned(fromByteOffset: offset, as: lp_premain_record.self)
                let textStart = offset + recordSize
                let textEnd = textStart + Int(record.text_bytes)
                guard textEnd <= raw.count else { break }
                let text = String(decoding: raw[textStart..<textEnd].prefix { $0 != 0 }, as: UTF8.self)
                if let event = event(record, text: text) { events.append(event) }
                offset = textEnd
            }
        }
        return events
    }

    /// The `preMain` event of one record (lp_env.h's line form), nil for a kind this runner
    /// does not know.
    static func event(_ record: lp_premain_record, text: String) -> ProbeEvent? {
        let values = [record.values.0, record.values.1, record.values.2, record.values.3]
        let fields: String
        switch record.kind {
        case UInt32(LP_PREMAIN_START.rawValue): fields = "start \(values[0]) \(values[1])"
        case UInt32(LP_PREMAIN_RELOCATED.rawValue): fields = "relocated \(values[0]) \(values[1])"
        case UInt32(LP_PREMAIN_MAIN.rawValue): fields = "main \(values[0]) \(values[1])"
        case UInt32(LP_PREMAIN_OBJECT.rawValue): fields = "object -1 -1 \(values[0]) \(text)"
        case UInt32(LP_PREMAIN_ARRAY_INIT.rawValue): fields = initializer(values, .array)
        case UInt32(LP_PREMAIN_INIT.rawValue): fields = initializer(values, .`init`)
        case UInt32(LP_PREMAIN_DROPPED.rawValue): fields = "dropped \(values[0])"
        case UInt32(LP_PREMAIN_OBJECT_RELOCATED.rawValue): fields = "relocatedObject \(values[0])"
        default: return nil
        }
        return ProbeEvent(kind: .preMain, timeNs: record.at_ns, name: fields)
    }

    /// `init <durationNs> <cpuNs> <object> <offset> <how>`.
    private static func initializer(_ values: [Int64], _ kind: PreMainInitializer.Kind) -> String {
        "init \(values[0]) \(values[1]) \(values[2]) \(values[3]) \(kind.rawValue)"
    }
}
