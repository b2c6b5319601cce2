import Foundation
import LaunchRunner
import LaunchTrace
import Testing

/// ``LinePattern`` against Python's `re.search` on seeded random patterns and lines over the
/// supported syntax: literals (non-ASCII too), `.`, classes and negated classes, `\d \w \s \D
/// \W \S` inside and outside brackets, anchors, `|`, groups, `* + ? {m,n}` (lazy too), escapes.
@Suite("LinePattern against Python's re")
struct LinePatternDifferentialTests {
    /// The seed; `LAUNCHPROF_PATTERN_SEED` picks another to explore.
    static let seed =
        ProcessInfo.processInfo.environment["LAUNCHPROF_PATTERN_SEED"].flatMap { UInt64($0) } ?? 20_240_611

    /// Patterns generated, and lines tried on each.
    static let patternCount = 80
    static let linesPerPattern = 5

    /// The pairs: each pattern with random lines.
    static func pairs() -> [(pattern: String, line: String)] {
        var generator = PatternGenerator(seed: seed)
        var pairs: [(pattern: String, line: String)] = []
        for _ in 0..<patternCount {
            let pattern = generator.pattern()
            for _ in 0..<linesPerPattern { pairs.append((pattern, generator.line())) }
        }
        return pairs
    }

    @Test("the same match or no match as re.search on a few hundred seeded pairs")
    func agreesWithPython() throws {
        let pairs = Self.pairs()
        let answers = try PythonOracle.search(pairs)
        try #require(answers.count == pairs.count)
        var disagreements: [String] = []
        var matches = 0
        for (pair, python) in zip(pairs, answers) {
            let ours: PythonOracle.Answer
            do {
                ours = .matched(try LinePattern(pair.pattern).matches(pair.line))
            } catch {
                ours = .error(error.description)
            }
            if ours == .matched(true) { matches += 1 }
            guard ours != python else { continue }
            disagreements.append(
                "pattern \(Self.escaped(pair.pattern)) line \(Self.escaped(pair.line)): LinePattern \(ours), "
                    + "Python \(python)")
        }
        #expect(disagreements.isEmpty, "seed \(Self.seed):\n\(disagreements.joined(separator: "\n"))")
        // Both answers are common enough for the comparison to mean something.
        #expect(matches > pairs.count / 10 && matches < pairs.count * 9 / 10, "\(matches) of \(pairs.count) matched")
    }

    @Test("the oracle gives Python's answers where the matcher used to differ: ٣ is \\d, \\x1c is \\s, é is not [\\W]")
    func oracleCanDisagree() throws {
        let pairs: [(pattern: String, line: String)] = [("^\\d$", "\u{663}"), ("^\\s$", "\u{1C}"), ("[\\W]", "é")]
        let answers = try PythonOracle.search(pairs)
        #expect(answers == [.matched(true), .matched(true), .matched(false)])
        let ours = try pairs.map { PythonOracle.Answer.matched(try LinePattern($0.pattern).matches($0.line)) }
        #expect(ours == answers)
    }

    /// `text` with every scalar outside printable ASCII as `\u{…}`.
    static func escaped(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map { scalar in
                (0x20..<0x7F).contains(scalar.value) && scalar != "\""
                    ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
            }.joined() + "\""
    }
}
