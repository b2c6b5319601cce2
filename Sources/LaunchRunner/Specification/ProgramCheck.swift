import Foundation
import LaunchTrace

/// Checks, before any launch, that a path names a program the kernel can execute: it exists,
/// is a regular file (not a directory), has an execute bit the runner may use, and, for a
/// script, names an interpreter that exists and is executable. Each refusal says which.
///
/// ```swift
/// try ProgramCheck.check("/usr/bin/git")   // passes
/// try ProgramCheck.check("/tmp")           // throws: "/tmp is a directory, not a program."
/// ```
package enum ProgramCheck {
    /// Refuses what `execve` would refuse.
    ///
    /// - Throws: ``LaunchProfilerError`` with code ``LaunchProfilerError/Code/notExecutable``
    ///   and the path in its context.
    package static func check(_ path: String) throws(LaunchProfilerError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw refusal(path, unreachable(errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw refusal(path, "is a directory, not a program") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw refusal(path, "is not a regular file") }
        guard access(path, X_OK) == 0 else {
            throw refusal(path, "is not executable (no execute permission; chmod +x it)")
        }
        if let interpreter = interpreter(of: path), access(interpreter, X_OK) != 0 {
            throw refusal(path, "is a script whose interpreter \(interpreter) does not exist or is not executable")
        }
    }

    /// Why `stat` could not reach a path, as the end of a sentence.
    static func unreachable(_ code: Int32) -> String {
        switch code {
        case ELOOP: "is a symbolic link that leads back to itself (too many levels of symbolic links)"
        case EACCES: "cannot be reached: a folder on its path cannot be searched (permission denied)"
        case ENOTDIR: "does not exist (a part of its path is a file, not a folder)"
        case ENAMETOOLONG: "is too long a path for the system"
        default: "does not exist"
        }
    }

    /// The interpreter a `#!` line names, or nil for a file that does not start with one.
    static func interpreter(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 256), head.starts(with: Array("#!".utf8)) else { return nil }
        let line = head.dropFirst(2).prefix { $0 != UInt8(ascii: "\n") }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.first.map(String.init)
    }

    private static func refusal(_ path: String, _ problem: String) -> LaunchProfilerError {
        LaunchProfilerError(
            .notExecutable, "The program \(path) \(problem); nothing was launched.",
            context: .init(file: path, mentionsLocation: true)
        )
    }
}
