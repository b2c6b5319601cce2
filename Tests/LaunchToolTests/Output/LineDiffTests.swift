import LaunchTestSupport
import Testing

/// The diff golden assertions show on a mismatch.
@Suite("Line diff")
struct LineDiffTests {
    @Test("Changed lines are shown with two lines of context, and hunks are separated")
    func unified() {
        let expected = (1...12).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 3\n", with: "line three\n").replacingOccurrences(
            of: "line 11", with: "line 11\nline 11b")
        let diff = LineDiff(expected: expected, actual: actual)
        #expect(diff.hasChanges)
        #expect(
            diff.description == """
                @@ golden line 1 @@
                 line 1
                 line 2
                -line 3
                +line three
                 line 4
                 line 5
                @@ golden line 10 @@
                 line 10
                 line 11
                +line 11b
                 line 12
                """)
        #expect(!LineDiff(expected: expected, actual: expected).hasChanges)
    }
}
