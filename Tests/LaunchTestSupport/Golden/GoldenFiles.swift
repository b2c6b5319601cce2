import Foundation
import Testing

/// The golden files of a test target, in the source tree, and the assertion that compares
/// rendered output with them.
///
/// - A missing golden file is recorded and the test FAILS saying so; so is every compared file
///   when `LAUNCHPROF_RECORD_GOLDENS=1` is set. A run in record mode can never pass silently.
/// - Under CI (`CI` set, as `.ci/run` runs), nothing is ever written: a missing golden file is a
///   failure that names it, so a clean clone cannot record its own expectations.
/// - A mismatch fails the test with a unified-style line diff (`-` golden, `+` actual).
///
/// ```swift
/// let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/Golden")
/// goldens.assertMatches(rendered, "report-with-findings.md")
/// ```
package struct GoldenFiles: Sendable {
    /// The environment variable that turns on record mode.
    package static let recordVariable = "LAUNCHPROF_RECORD_GOLDENS"

    /// The folder of the golden files in the source tree.
    package let directory: URL

    /// The golden files in `folder` of `Tests/<testTarget>` in this repository.
    package init(testTarget: String, folder: String) {
        directory = Self.repositoryRoot.appendingPathComponent("Tests").appendingPathComponent(testTarget)
            .appendingPathComponent(folder)
    }

    /// The golden files in `folder`, relative to the repository root (`docs` for the pages
    /// made from code).
    package init(repositoryFolder folder: String) {
        directory = Self.repositoryRoot.appendingPathComponent(folder)
    }

    /// The repository root (this file is Tests/LaunchTestSupport/Golden/GoldenFiles.swift).
    package static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Whether the tests run under CI (`CI` set and not empty or `false`).
    package static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "false"
    }

    /// Whether `LAUNCHPROF_RECORD_GOLDENS=1` is set.
    package static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Records an issue unless `actual` equals the golden file `name`; records the file (and
    /// fails) when it is missing or in record mode.
    package func assertMatches(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        guard !Self.isRecording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            record(actual, to: url, sourceLocation: sourceLocation)
            return
        }
        let diff = LineDiff(expected: expected, actual: actual)
        guard diff.hasChanges else { return }
        Issue.record(
            "\(name) differs from its golden file \(url.path) (- golden, + actual); if the change is intended, rerun with \(Self.recordVariable)=1 and review the diff:\n\(diff)",
            sourceLocation: sourceLocation
        )
    }

    /// Writes the golden file and records an issue saying it did (under CI, only the issue).
    private func record(_ actual: String, to url: URL, sourceLocation: SourceLocation) {
        if Self.isCI, !Self.isRecording {
            Issue.record(
                "The golden file \(url.path) is missing; CI never records one: record it with \(Self.recordVariable)=1 and commit it.",
                sourceLocation: sourceLocation)
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "Recorded the golden file \(url.path); review it, then run the tests again without \(Self.recordVariable).",
                sourceLocation: sourceLocation
            )
        } catch {
            Issue.record("The golden file \(url.path) cannot be written: \(error)", sourceLocation: sourceLocation)
        }
    }
}
