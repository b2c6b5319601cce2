import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// SQLite's `-wal` and `-shm` files beside a database in WAL mode. A read-only connection
/// creates them and, unlike a writer, never removes them; a command that only read the history
/// removes the ones it caused once no connection holds them.
///
/// Whether a connection holds them is SQLite's own signal: every connection keeps a shared
/// lock on the "dead man switch" byte of the `-shm` file (byte 128 in SQLite's unix VFS) while it
/// is open. Taking an exclusive lock on it proves there is none; the files are removed while it is
/// held, and only when the `-wal` holds nothing to checkpoint.
struct SQLiteSidecars {
    /// The database file.
    let database: String

    /// SQLite's unix VFS: the shared-memory file's dead-man-switch lock byte.
    static let deadManSwitchByte: off_t = 128

    var wal: String { database + "-wal" }
    var shm: String { database + "-shm" }

    /// Whether either file exists.
    var exist: Bool { FileManager.default.fileExists(atPath: wal) || FileManager.default.fileExists(atPath: shm) }

    /// Removes both files when no connection holds the database and the `-wal` is empty.
    func removeIfUnused() {
        let fd = open(shm, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = Self.deadManSwitchByte
        lock.l_len = 1
        guard fcntl(fd, F_SETLK, &lock) == 0 else { return }
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
        guard walSize == 0 else { return }
        unlink(wal)
        unlink(shm)
    }
}
