import Foundation
import Testing

@testable import LaunchRunner

@Suite("PageCacheEvictor")
struct PageCacheEvictorTests {
    @Test("a file just written and read is resident; after eviction mincore finds it gone")
    func evictsAFile() throws {
        // The build folder is on a real file system (the temporary folder may be tmpfs).
        let url = URL(filePath: FileManager.default.currentDirectoryPath).appendingPathComponent(
            ".build/evict-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 4 << 20).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try Data(contentsOf: url)
        let report = PageCacheEvictor(files: [url.path]).evict()
        #expect(report.residentBeforeBytes == 4 << 20)
        #expect(report.residentAfterBytes < report.residentBeforeBytes / 2)
        #expect(report.evictedBytes > 2 << 20)
    }

    @Test("an executable's files include the shared libraries the loader maps for it")
    func findsSharedLibraries() {
        let evictor = PageCacheEvictor(executable: "/bin/ls")
        #expect(evictor.files.first == "/bin/ls")
        #expect(evictor.files.contains { $0.contains("libc.so") })
    }
}
