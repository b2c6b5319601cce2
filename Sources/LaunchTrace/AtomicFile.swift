import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a reader sees either the old file or the whole new one, never half,
/// and a crash or power loss after the write cannot lose it: a temporary file beside the
/// destination, created exclusively, written, fsynced, renamed over the destination, and the
/// folder fsynced.
///
/// ```swift
/// try AtomicFile.write(Data("{}\n".utf8), to: URL(filePath: "summary.json"))
/// ```
public enum AtomicFile {
    /// Writes `data` to `url` atomically and durably.
    ///
    /// - Throws: ``LaunchProfilerError`` (code ``LaunchProfilerError/Code/writeFailed``) naming
    ///   the file and the reason (`The disk is full.` for ENOSPC); the destination is unchanged.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let name = ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let temporary = directory.appendingPathComponent(name).path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LaunchProfilerError.writeFailed(url.path, errno: errno) }
        var failure = writeAll(data, to: fd)
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, url.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw LaunchProfilerError.writeFailed(url.path, errno: failure)
        }
        syncFolder(directory.path)
    }

    /// Creates the folder `path` exclusively: fails with EEXIST when it exists, so two
    /// processes never share it. Returns 0 or the errno value.
    public static func createFolderExclusively(_ path: String) -> Int32 {
        mkdir(path, 0o777) == 0 ? 0 : errno
    }

    /// Writes every byte; returns 0 or the errno value.
    private static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    /// Makes the rename durable (best effort: some file systems cannot fsync a folder).
    private static func syncFolder(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
