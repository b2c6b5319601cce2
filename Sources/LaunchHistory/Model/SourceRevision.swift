import Foundation
import LaunchTrace

/// The commit and branch a run measured: from `--commit`/`--branch`, else git, else the
/// usual CI variables.
package struct SourceRevision: Codable, Sendable, Equatable {
    /// The commit hash, when known.
    package var commit: String?
    /// The branch, when known.
    package var branch: String?

    /// Creates a revision.
    package init(commit: String? = nil, branch: String? = nil) {
        self.commit = commit
        self.branch = branch
    }

    /// CI variables holding the commit, in the order they are tried (GitHub, GitLab, Jenkins, Buildkite, CircleCI).
    package static let commitVariables = [
        "GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT", "BUILDKITE_COMMIT", "CIRCLE_SHA1",
    ]
    /// CI variables holding the branch, in the order they are tried.
    package static let branchVariables = [
        "GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "GIT_BRANCH", "BUILDKITE_BRANCH", "CIRCLE_BRANCH",
    ]

    /// The revision: the given values first, then `git` in `directory`, then CI variables.
    package static func detect(
        commit: String? = nil, branch: String? = nil,
        directory: URL = URL(filePath: FileManager.default.currentDirectoryPath),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SourceRevision {
        let ci = { (names: [String]) in names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty } }
        return SourceRevision(
            commit: commit ?? git(["rev-parse", "HEAD"], in: directory) ?? ci(commitVariables),
            branch: branch ?? git(["rev-parse", "--abbrev-ref", "HEAD"], in: directory).flatMap {
                $0 == "HEAD" ? nil : $0
            } ?? ci(branchVariables)
        )
    }

    /// The trimmed output of `git ARGS` in `directory`, `nil` when git fails or is absent.
    static func git(_ arguments: [String], in directory: URL) -> String? {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard let data = try? process.runUntilExit(meanwhile: { pipe.fileHandleForReading.readDataToEndOfFile() })
        else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }
}
