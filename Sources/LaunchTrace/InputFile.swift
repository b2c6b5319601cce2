import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way LaunchProfiler reads an input file (a budget file, a trace, a summary, a
/// baseline, a run folder's files, a symbol map, an ELF image): only a regular file is read.
///
/// The path's type is checked with `stat` before anything opens it, so a directory, a named
/// pipe, a socket or a device is refused with a sentence saying so; a named pipe is never
/// opened for reading (that would wait for a writer forever). The file is then opened with
/// `O_NONBLOCK` and checked again with `fstat`, in case the path changed in between. Every
/// failure is a ``LaunchProfilerError`` naming the file and the reason in words
/// ("Permission denied."), never `NSCocoaErrorDomain error 256`.
///
/// ```swift
/// let data = try InputFile.read(URL(filePath: "budgets.json"), what: "budget file")
/// ```
package enum InputFile {
    /// The contents of the regular file at `url`; `what` names it in the message ("The trace
    /// cannot be read: …"). `mapped` maps the file instead of copying it (large ELF images).
    ///
    /// - Throws: ``LaunchProfilerError`` with code ``LaunchProfilerError/Code/unreadableFile``.
    package static func read(_ url: URL, what: String, mapped: Bool = false) throws(LaunchProfilerError) -> Data {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile(path, what: what, reason: LaunchProfilerError.systemReason(errno))
        }
        if let reason = typeProblem(info.st_mode) { throw .unreadableFile(path, what: what, reason: reason) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadableFile(path, what: what, reason: LaunchProfilerError.systemReason(errno))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadableFile(path, what: what, reason: LaunchProfilerError.systemReason(errno))
        }
        if let reason = typeProblem(info.st_mode) { throw .unreadableFile(path, what: what, reason: reason) }
        if mapped {
            do {
                return try Data(contentsOf: url, options: .alwaysMapped)
            } catch {
                throw .unreadableFile(path, what: what, reason: LaunchProfilerError.describe(error))
            }
        }
        return try readAll(descriptor, path: path, what: what)
    }

    /// Why a file of mode `mode` is not read, as a sentence; nil for a regular file.
    package static func typeProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: LaunchProfilerError.systemReason(EISDIR)
        case S_IFIFO:
            "It is a named pipe (FIFO), not a file; LaunchProfiler reads only regular files (reading a pipe would wait for a writer)."
        case S_IFSOCK: "It is a socket, not a file; LaunchProfiler reads only regular files."
        default: "It is a device, not a file; LaunchProfiler reads only regular files."
        }
    }

    /// Everything `descriptor` holds, read in chunks.
    private static func readAll(_ descriptor: Int32, path: String, what: String) throws(LaunchProfilerError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw .unreadableFile(path, what: what, reason: LaunchProfilerError.systemReason(errno))
            }
        }
    }
}
