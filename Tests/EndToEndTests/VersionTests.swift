import Foundation
import LaunchTestSupport
import Testing

/// `launchprof --version` names the version and the commit the build was made from.
@Suite("launchprof --version")
struct VersionTests {
    @Test("the version and the commit the checkout was at when launchprof was built")
    func versionAndCommit() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let head = try BuiltProducts.run("/usr/bin/git", ["-C", root.path, "rev-parse", "--short=12", "HEAD"])
        try #require(head.status == 0, "\(head.stderr)")
        let output = try BuiltProducts.launchprof(["--version"])
        #expect(output.status == 0)
        let line = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            line.range(
                of: #"^launchprof [0-9]+\.[0-9]+\.[0-9]+ \(commit "# + commit + #"\)$"#, options: .regularExpression)
                != nil, "\(line), built from \(commit)")
    }
}
