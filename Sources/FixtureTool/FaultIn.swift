// The work of `fault-in`: page faults that read from disk, with the thread in no system call.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Maps FixtureTool's own executable file and reads a byte of each of its last `pages` pages
/// (all of them when the file is smaller), after asking the
/// kernel to drop the file's cached pages it can (those no process maps: the debug information of
/// a debug build; written back first, as a freshly linked file's are still dirty) and to read no
/// page ahead: each such page is a major fault, read from disk
/// while the thread runs its own code. Returns a hash of the bytes read.
@inline(never)
func faultIn(pages: Int) -> UInt64 {
    let file = open("/proc/self/exe", O_RDONLY)
    guard file >= 0 else { return 0 }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0, info.st_size > 0 else { return 0 }
    let size = Int(info.st_size)
    _ = fdatasync(file)
    _ = posix_fadvise(file, 0, 0, POSIX_FADV_DONTNEED)
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, file, 0), base != MAP_FAILED else { return 0 }
    defer { munmap(base, size) }
    _ = madvise(base, size, MADV_RANDOM)
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    var state: UInt64 = 0xD6E8_FEB8_6659_FD93
    var offset = max(0, size - pages * 4096)
    while offset < size {
        state = (state ^ UInt64(bytes[offset])) &* 0x1000_0000_01B3
        offset += 4096
    }
    return state
}
