import Foundation
import LaunchTrace
import Synchronization

/// The git worktrees of one bisect: the good commit's and the candidates', each detached and
/// locked with the reason ``lockReason`` (so `launchprof bisect --clean` finds what a killed
/// bisect left), in a temporary folder of their own. The user's checkout is never touched.
package final class BisectWorktrees: Sendable {
    /// The lock reason that marks a worktree as a bisect's.
    package static let lockReason = "launchprof bisect"

    /// The repository.
    package let repository: GitRepository
    /// The folder holding this bisect's worktrees.
    package let root: URL
    private let created = Mutex<[URL]>([])

    /// Creates an empty set of worktrees for `repository` under the temporary directory.
    package init(repository: GitRepository) {
        self.repository = repository
        let name = "launchprof-bisect-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        root = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    }

    /// A worktree named `name` at `commit`: created the first time, else checked out to `commit`
    /// (its untracked build products kept, so the build is incremental).
    package func worktree(_ name: String, at commit: String) throws -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        if created.withLock({ $0.contains(url) }) {
            _ = try GitRepository.git(["checkout", "--quiet", "--force", "--detach", commit], in: url)
            return url
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        created.withLock { $0.append(url) }
        try repository.git([
            "worktree", "add", "--quiet", "--detach", "--lock", "--reason", Self.lockReason, url.path, commit,
        ])
        return url
    }

    /// Removes every worktree created here and the folder; failures are ignored (what is left is
    /// found by ``clean(_:)``).
    package func removeAll() {
        let urls = created.withLock { urls in
            defer { urls.removeAll() }
            return urls
        }
        for url in urls { _ = try? repository.git(["worktree", "remove", "--force", "--force", url.path]) }
        try? FileManager.default.removeItem(at: root)
        _ = try? repository.git(["worktree", "prune"])
    }

    /// Removes every bisect worktree of `repository` (one a killed bisect left behind) and
    /// returns their paths.
    package static func clean(_ repository: GitRepository) throws -> [String] {
        let listing = try repository.git(["worktree", "list", "--porcelain"])
        let entries = listing.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
        let paths = entries.compactMap { lines -> String? in
            guard lines.contains("locked \(lockReason)"), let first = lines.first, first.hasPrefix("worktree ") else {
                return nil
            }
            return String(first.dropFirst("worktree ".count))
        }
        for path in paths { try repository.git(["worktree", "remove", "--force", "--force", path]) }
        let folders = Set(paths.map { URL(filePath: $0).deletingLastPathComponent() })
        for folder in folders where folder.lastPathComponent.hasPrefix("launchprof-bisect-") {
            try? FileManager.default.removeItem(at: folder)
        }
        try repository.git(["worktree", "prune"])
        return paths
    }
}
