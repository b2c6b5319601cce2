import LaunchKit

/// Warms the thumbnail cache. Deliberately slow: synchronous file I/O on the main thread,
/// writing a few megabytes, `fsync`ing them, and reading them back.
enum ThumbnailCache {
    /// Writes `megabytes` MB (16 in config.json) to a cache file in the temporary directory, fsyncs it, reads it
    /// back and checks it; returns the checksum. The file is removed afterwards.
    @inline(never)
    @discardableResult
    static func warmSynchronously(megabytes: Int) -> UInt64 {
        let path = FileManager.default.temporaryDirectory
            .appending(path: "SampleApp-thumbnails-\(getpid()).cache").path
        let chunkSize = 256 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        for index in chunk.indices { chunk[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        let chunks = max(1, megabytes * 4)

        let output = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        guard output >= 0 else { return 0 }
        for _ in 0..<chunks {
            _ = chunk.withUnsafeBytes { write(output, $0.baseAddress, chunkSize) }
        }
        fsync(output)
        close(output)

        var checksum: UInt64 = 0
        let input = open(path, O_RDONLY)
        if input >= 0 {
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, chunkSize) }
                if count <= 0 { break }
                for index in stride(from: 0, to: count, by: 64) { checksum = checksum &* 31 &+ UInt64(buffer[index]) }
            }
            close(input)
        }
        unlink(path)
        return checksum
    }
}
