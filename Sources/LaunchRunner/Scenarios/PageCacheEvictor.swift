import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// Evicts an app's files from the page cache before a cold launch, without root:
/// `posix_fadvise(POSIX_FADV_DONTNEED)` on the executable, every shared library it maps and
/// its SwiftPM resource bundle, verified page by page with `mincore`.
///
/// Pages that another running process maps (libc, and the Swift runtime while a Swift
/// tool runs) cannot be evicted this way; the report says how much stayed resident.
package struct PageCacheEvictor: Sendable {
    /// What one eviction pass did.
    package struct Report: Sendable, Equatable {
        /// Files the pass covered.
        package var files: [String]
        /// Bytes of those files resident before the pass.
        package var residentBeforeBytes: Int64
        /// Bytes still resident after the pass.
        package var residentAfterBytes: Int64
        /// Bytes evicted: resident before minus resident after.
        package var evictedBytes: Int64 { max(0, residentBeforeBytes - residentAfterBytes) }
    }

    /// The files evicted before each launch.
    package let files: [String]

    /// Finds the files of `executable`: itself, the shared libraries the dynamic loader maps
    /// for it (asked of the loader with `LD_TRACE_LOADED_OBJECTS=1`, as `ldd` does), and the
    /// files of its SwiftPM resource bundles beside it.
    package init(executable: String) {
        var files = [executable]
        files += Self.sharedLibraries(of: executable)
        files += Self.resourceFiles(beside: executable)
        var seen = Set<String>()
        self.files = files.filter { seen.insert($0).inserted }
    }

    /// Creates an evictor for a fixed list of files.
    package init(files: [String]) {
        self.files = files
    }

    /// Evicts the files and reports what was resident before and after.
    package func evict() -> Report {
        var before: Int64 = 0
        var after: Int64 = 0
        for file in files {
            let fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            before += Self.residentBytes(fd: fd)
            _ = fdatasync(fd)
            _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
            after += Self.residentBytes(fd: fd)
        }
        return Report(files: files, residentBeforeBytes: before, residentAfterBytes: after)
    }

    /// Bytes of the open file that are in the page cache now, counted with `mincore`.
    package static func residentBytes(fd: Int32) -> Int64 {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return 0 }
        let size = Int(info.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return 0 }
        defer { munmap(map, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (size + page - 1) / page
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(map, size, &vector) == 0 else { return 0 }
        let resident = vector.reduce(0) { $0 + Int($1 & 1) }
        return Int64(resident * page)
    }

    static func sharedLibraries(of executable: String) -> [String] {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        var environment = ProcessInfo.processInfo.environment
        environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard let data = try? process.runUntilExit(meanwhile: { pipe.fileHandleForReading.readDataToEndOfFile() })
        else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            // "\tlibfoo.so.1 => /usr/lib/libfoo.so.1 (0x…)" or "\t/lib64/ld-linux-x86-64.so.2 (0x…)"
            let text = line.trimmingCharacters(in: .whitespaces)
            let path =
                text.components(separatedBy: " => ").last.map { String($0.split(separator: " ").first ?? "") } ?? ""
            return path.hasPrefix("/") ? path : nil
        }
    }

    static func resourceFiles(beside executable: String) -> [String] {
        let url = URL(filePath: executable)
        let directory = url.deletingLastPathComponent()
        let suffix = "_\(url.lastPathComponent).resources"
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var files: [String] = []
        for entry in entries where entry.hasSuffix(suffix) {
            let bundle = directory.appendingPathComponent(entry)
            guard let walker = manager.enumerator(atPath: bundle.path) else { continue }
            for case let relative as String in walker {
                var isDirectory: ObjCBool = false
                let path = bundle.appendingPathComponent(relative).path
                if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }
}
