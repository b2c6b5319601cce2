import Foundation

/// Writes files so that a reader sees either the old file or the whole new one, never half.
public enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, flushes it, then renames it over `url`.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary, options: [])
            if rename(temporary.path, url.path) != 0 {
                let code = errno
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed: \(String(cString: strerror(code)))"])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
