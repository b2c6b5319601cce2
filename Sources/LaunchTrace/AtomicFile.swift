import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a reader sees either the old file or the whole new one, never half,
/// and a crash or power loss after the write cannot lose it: a temporary file beside the
/// destination, created exclusively, written, fsynced, renamed over the destination, and the
/// folder fsynced. The files a run rewrites between its launches are written without the
/// fsyncs (`durable: false`: a journal commit still in flight slowed the next launch of a 1.7 ms
/// program by 9 %) and made durable together once the launches are over (``sync(folder:)``); a
/// launchprof that is killed loses none of them (they are in the page cache), a power loss
/// during the launches may lose the last ones.
///
/// ```swift
/// try AtomicFile.write(Data("{}\n".utf8), to: URL(filePath: "summary.json"))
/// ```
package enum AtomicFile {
    /// Writes `data` to `url` atomically, and durably unless `durable` is false (then a later
    /// ``sync(folder:)`` makes it so).
    ///
    /// - Throws: ``LaunchProfilerError`` (code ``LaunchProfilerError/Code/writeFailed``) naming
    ///   the file and the reason (`The disk is full.` for ENOSPC); the destination is unchanged.
    package static func write(_ data: Data, to url: URL, durable: Bool = true) throws {
        let directory = url.deletingLastPathComponent()
        let name = ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let temporary = directory.appendingPathComponent(name).path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw creationFailed(url, errno: errno) }
        var failure = writeAll(data, to: fd)
        if failure == 0, durable, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, url.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            // A rename over a directory fails with EISDIR, or EBUSY for `/`: said the same way.
            throw LaunchProfilerError.writeFailed(url.path, errno: isDirectory(url) ? EISDIR : failure)
        }
        if durable { syncFolder(directory.path) }
    }

    /// Makes the files in `folder` durable, those written with `durable: false` included (each
    /// file fsynced: after the first, the journal holds the others' data too), and its entries.
    /// An entry that is not a regular file is skipped without waiting: each is opened with
    /// `O_NONBLOCK` (a named pipe with no writer would otherwise block the open for ever, and the
    /// open restarts after every signal) and checked with `fstat` before anything else.
    package static func sync(folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY)
            guard fd >= 0 else { continue }
            var status = stat()
            if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG { _ = fsync(fd) }
            close(fd)
        }
        syncFolder(folder.path)
    }

    /// Writes every byte of `data` to `fd` (a write cut short or interrupted goes on); returns 0
    /// or the errno value.
    package static func writeAll(_ data: some ContiguousBytes, to fd: Int32) -> Int32 {
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

    /// The temporary file beside `url` could not be created: says whether the folder is missing,
    /// not a folder, or refuses new files (`/proc`), rather than a bare "No such file" about a
    /// destination that may exist.
    private static func creationFailed(_ url: URL, errno code: Int32) -> LaunchProfilerError {
        if isDirectory(url) { return LaunchProfilerError.writeFailed(url.path, errno: EISDIR) }
        let folder = url.deletingLastPathComponent().path
        let reason: String
        if !FileManager.default.fileExists(atPath: folder) {
            reason = "The folder \(folder) does not exist."
        } else if !isDirectory(URL(filePath: folder)) {
            reason = "\(folder) is not a folder."
        } else {
            reason =
                "No new file can be created in the folder \(folder) (the temporary file written first): "
                + LaunchProfilerError.systemReason(code)
        }
        return LaunchProfilerError.writeFailed(url.path, reason: reason)
    }

    /// Whether `url` names an existing directory (asked only once a write failed).
    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    /// Makes the rename durable (best effort: some file systems cannot fsync a folder).
    private static func syncFolder(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
