import Foundation
import LaunchTrace

/// The git operations of a bisect, each one `git` command in the repository, failing with git's
/// own message.
package struct GitRepository: Sendable, Equatable {
    /// The repository's top-level directory.
    package let directory: URL

    /// The repository that holds `directory`.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when `directory` is not in a git work tree.
    package init(containing directory: URL) throws {
        let top = try Self.git(["rev-parse", "--show-toplevel"], in: directory)
        self.directory = URL(filePath: top, directoryHint: .isDirectory)
    }

    /// The full hash of `revision` (a branch, tag, `HEAD~3`, a hash).
    package func commit(_ revision: String) throws -> String {
        do {
            return try git(["rev-parse", "--verify", "--end-of-options", revision + "^{commit}"])
        } catch {
            throw LaunchProfilerError.workflow(
                "\(revision) is not a commit of the repository at \(directory.path); name a branch, tag or hash.")
        }
    }

    /// The commits after `good` through `bad` on `bad`'s first-parent line, oldest first.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` when `good` is not an ancestor of `bad`.
    package func range(from good: String, to bad: String) throws -> [BisectCommit] {
        guard (try? git(["merge-base", "--is-ancestor", good, bad])) != nil, good != bad else {
            throw LaunchProfilerError.workflow(
                "The good commit \(good.prefix(10)) is not an ancestor of the bad commit \(bad.prefix(10)); a bisect searches the commits between them."
            )
        }
        let lines = try git(["log", "--reverse", "--first-parent", "--format=%H %s", "\(good)..\(bad)"])
        return lines.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return BisectCommit(hash: String(parts[0]), subject: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The commit `hash` with its subject.
    package func describe(_ hash: String) throws -> BisectCommit {
        BisectCommit(hash: hash, subject: try git(["log", "-1", "--format=%s", hash]))
    }

    /// Runs `git ARGUMENTS` in the repository and returns its trimmed output.
    @discardableResult
    package func git(_ arguments: [String]) throws -> String {
        try Self.git(arguments, in: directory)
    }

    /// Runs `git ARGUMENTS` in `directory` and returns its trimmed output.
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let data: Data
        let message: Data
        do {
            (data, message) = try process.runUntilExit {
                (output.fileHandleForReading.readDataToEndOfFile(), errors.fileHandleForReading.readDataToEndOfFile())
            }
        } catch {
            throw LaunchProfilerError.workflow("git cannot be started: \(error.localizedDescription)")
        }
        let trimmed = { (data: Data) in
            String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LaunchProfilerError.workflow(
                "`git \(arguments.joined(separator: " "))` failed in \(directory.path): \(trimmed(message))")
        }
        return trimmed(data)
    }
}
