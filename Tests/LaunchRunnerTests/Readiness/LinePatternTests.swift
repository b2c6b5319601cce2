import LaunchRunner
import LaunchTrace
import Testing

/// The readiness patterns' matcher: the same answers as Swift's `Regex` on the common subset,
/// clear refusals outside it, and no pattern that can make it backtrack.
@Suite("LinePattern")
struct LinePatternTests {
    /// Patterns and lines both matchers agree on (Swift's `Regex` is the reference here; none
    /// of these backtracks badly).
    static let agreed: [(String, String)] = [
        ("^ready$", "ready"), ("^ready$", "ready!"), ("^ready$", "not ready"), ("listening", "now listening on"),
        ("^listening on port [0-9]+$", "listening on port 8080"), ("^listening on port [0-9]+$", "listening on port x"),
        ("a|b|c", "zzc"), ("a|b|c", "xyz"), ("(ab)+c", "ababc"), ("(ab){2}c", "abc"), ("(ab){2,3}c", "abababc"),
        ("x{2,}", "x"), ("x{2,}", "xxx"), ("x{,2}y", "y"), ("\\bfoo\\b", "a foo b"), ("\\bfoo\\b", "afoob"),
        ("[^a-c]", "abc"), ("[^a-c]", "abcd"), ("\\d+\\.\\d+", "v1.2"), ("\\x41\\u{42}", "AB"),
        ("(?i)HELLO", "say hello"), ("(?:a|)b", "b"), ("(a*)*b", "aaab"), ("(?<word>x)y", "xy"), ("^$", ""),
        ("$", "abc"), ("a.c", "abc"), ("a.c", "ac"), ("[\\d-]+$", "12-3"), ("\\s\\S", " x"), ("café", "un café"),
        ("\\w+@\\w+\\.com", "mail ada@example.com now"), ("^\\W", "!x"), ("a+?b", "aab"), ("colou?r", "color"),
        ("[.]", "a.b"), ("[.]", "ab"), ("\\Aab\\z", "ab"), ("ready\\.$", "ready."), ("\\t", "a\tb"),
    ]

    @Test("matches as Swift's Regex does on the common subset")
    func agreesWithRegex() throws {
        for (source, line) in Self.agreed {
            let pattern = try LinePattern(source)
            let expected = try Regex(source).firstMatch(in: line) != nil
            #expect(pattern.matches(line) == expected, "\(source) on \(line)")
            #expect(ReadyCondition.line(Substring(line), matches: source) == expected)
        }
    }

    @Test("patterns that make a backtracking matcher take exponential time are matched at once")
    func noBacktracking() throws {
        let line = String(repeating: "a", count: 110) + "!"
        for source in ["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(a*)*b", "^(\\w+\\s?)*$", "(.*a){12}$"] {
            #expect(try LinePattern(source).matches(line) == false, "\(source)")
        }
        #expect(try LinePattern("^(a+)+!$").matches(line))
    }

    @Test("a match gives up when asked to stop, and says so")
    func stops() throws {
        let pattern = try LinePattern("(a|aa)*b")
        let scalars = [UInt32](repeating: 0x61, count: 100_000)
        var asked = 0
        let result = pattern.matches(scalars: scalars) {
            asked += 1
            return asked == 3
        }
        #expect(result == nil)
        #expect(asked == 3)
    }

    @Test("what the matcher cannot do is refused with the position and the reason")
    func refusals() {
        let cases: [(String, String)] = [
            ("(a", "a group opened with ( is not closed"), ("a)", "this ) closes no group"),
            ("*a", "nothing before it to repeat"), ("a++", "possessive quantifiers are not supported"),
            ("(?=a)", "not lookaround"), ("(a)\\1", "\\1 is not supported"), ("[a", "not closed with ]"),
            ("[[:alpha:]]", "a [ inside a class"), ("\\p{L}", "\\p is not supported"),
            ("a{1001}", "at most 1000"), ("((a{1000}){1000}){1000}", "too large"), ("[z-a]", "ends before it starts"),
            ("\\", "a lone \\"), ("x{3,2}", "below the first"),
        ]
        for (source, reason) in cases {
            #expect(throws: LinePattern.SyntaxError.self, "\(source)") { _ = try LinePattern(source) }
            do {
                _ = try LinePattern(source)
            } catch {
                #expect(error.description.contains(reason), "\(source): \(error.description)")
                #expect(error.description.hasPrefix("At character "))
            }
        }
    }

    @Test("--ready-when refuses such a pattern with the value and the reason")
    func readyConditionRefusal() {
        do {
            _ = try ReadyCondition(parsing: "stdout:(a)\\1")
            Issue.record("accepted a backreference")
        } catch {
            #expect(error.description.contains("\\1 is not supported"), "\(error.description)")
            #expect(error.description.contains("--ready-when"), "\(error.description)")
        }
    }
}
