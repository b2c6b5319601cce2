import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The app's standard error file of a launch, bounded: a launch that writes 50 MB keeps its
/// first and last ``keptBytes`` with a line saying how much was left out between them, and the
/// last lines shown in messages have their control characters escaped (no terminal escape
/// sequences from the app reach the user's terminal).
///
/// ```swift
/// let capture = OutputCapture(url: stderrURL)
/// capture.bound()                       // head + "[… 52428800 bytes left out …]" + tail
/// print(capture.lastLines(3) ?? "")
/// ```
struct OutputCapture {
    /// The file.
    let url: URL
    /// Bytes kept at each end of a large file.
    var keptBytes = 64 * 1024

    /// The file's size in bytes, or nil when it cannot be read or is not a regular file (the
    /// program may have put a named pipe there, which a read would wait on for ever).
    var size: Int? {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Rewrites the file as its head and tail when it is larger than twice ``keptBytes``.
    /// Returns the original size when it was cut.
    @discardableResult
    func bound() -> Int? {
        guard let size, size > 2 * keptBytes, let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: keptBytes) else { return nil }
        guard (try? handle.seek(toOffset: UInt64(size - keptBytes))) != nil,
            let tail = try? handle.read(upToCount: keptBytes)
        else { return nil }
        let note = Data("\n[… \(size - 2 * keptBytes) bytes of \(size) left out by launchprof …]\n".utf8)
        return (try? AtomicFile.write(head + note + tail, to: url)) != nil ? size : nil
    }

    /// The last `count` non-empty lines (at most 2 KiB), control characters escaped.
    func lastLines(_ count: Int = 20) -> String? {
        guard let size, size > 0, let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let start = max(0, size - 2048)
        guard (try? handle.seek(toOffset: UInt64(start))) != nil, let data = try? handle.readToEnd() else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { Self.escaped(String($0)) }
        let kept = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(count)
        return kept.isEmpty ? nil : kept.joined(separator: "\n")
    }

    /// `text` with every control character but tab written as `\u{1B}`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control, scalar != "\t" {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
