import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension LaunchProfilerError.Code {
    /// A file cannot be written (a full disk, no permission, a missing folder).
    package static let writeFailed = Self("writeFailed")
}

extension LaunchProfilerError {
    /// The file `path` cannot be written; `errno` says why, in words (`The disk is full.` for
    /// ENOSPC and EDQUOT).
    package static func writeFailed(_ path: String, errno code: Int32) -> Self {
        writeFailed(path, reason: systemReason(code))
    }

    /// The file `path` cannot be written, for `reason` (a whole sentence).
    package static func writeFailed(_ path: String, reason: String) -> Self {
        Self(.writeFailed, "The file cannot be written: \(reason)", context: Context(file: path, reason: reason))
    }

    /// A whole sentence for a system error number: what ENOSPC, EACCES, EISDIR mean to a user.
    package static func systemReason(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: "The disk is full (\(String(cString: strerror(code))))."
        case EISDIR: "It is a directory, not a file."
        case EACCES, EPERM: "Permission denied."
        case ENOENT: "No such file or directory."
        case ENOTDIR: "A part of the path is not a directory."
        case EMFILE, ENFILE: "Too many open files."
        default: "\(String(cString: strerror(code)))."
        }
    }

    /// The text of any error as a sentence: a ``LaunchProfilerError``'s description, a system
    /// error's reason (found under Foundation's wrapping), else the localized description;
    /// never an `NSCocoaErrorDomain error 256` dump when the cause is known.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? LaunchProfilerError { return error.description }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return systemReason(Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return systemReason(Int32(underlying.code))
        }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace { return systemReason(ENOSPC) }
        return error.localizedDescription
    }
}
