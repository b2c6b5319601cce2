import Foundation
import LaunchTrace

/// The image map of the current process, read from `/proc/self/maps`: what an instrumented
/// app records in ``LaunchTrace/MainThreadActivity/images``. The tool uses it for its own
/// tests and for benchmarking symbolication.
package enum ProcessImages {
    /// Every file-backed image with executable mappings. The load address is the start of
    /// the file's mapping at offset 0 (shared objects and position-independent executables
    /// put their first segment at virtual address 0). Build ids are left nil.
    package static func current() -> [LoadedImage] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        return parse(maps: maps)
    }

    /// Parses the text of a `/proc/PID/maps` file.
    package static func parse(maps: String) -> [LoadedImage] {
        var order: [String] = []
        var base: [String: UInt64] = [:]
        var text: [String: (start: UInt64, end: UInt64)] = [:]
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/") else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16),
                let offset = UInt64(fields[2], radix: 16)
            else { continue }
            if base[path] == nil && text[path] == nil { order.append(path) }
            if offset == 0, base[path] == nil { base[path] = start }
            if fields[1].contains("x") {
                let current = text[path]
                text[path] = (Swift.min(current?.start ?? start, start), Swift.max(current?.end ?? end, end))
            }
        }
        return order.compactMap { path in
            guard let range = text[path], let load = base[path] else { return nil }
            return LoadedImage(
                path: path, loadAddress: Address(load), textStart: Address(range.start), textEnd: Address(range.end),
                buildID: nil)
        }
    }
}
