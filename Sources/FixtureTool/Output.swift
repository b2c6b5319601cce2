#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Lines on standard output and standard error, each written at once with write(2): no buffer
/// to flush, so `ready` reaches a reader the moment it is written (and no Foundation loaded).
enum Output {
    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) {
        emit(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        emit(text + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text` to the descriptor `fd`, resuming after interruptions.
    private static func emit(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
