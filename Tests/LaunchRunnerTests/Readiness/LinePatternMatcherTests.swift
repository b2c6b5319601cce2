import LaunchRunner
import LaunchTrace
import Testing

/// A line fed in pieces gets the answer the whole line gets; `$` holds only at the line's end,
/// however long the line.
@Suite("LinePattern.Matcher")
struct LinePatternMatcherTests {
    /// The answer for `line` fed in pieces of `size` scalars.
    private func fed(_ source: String, _ line: String, size: Int) throws -> Bool {
        var matcher = LinePattern.Matcher(try LinePattern(source))
        let scalars = line.unicodeScalars.map(\.value)
        var start = 0
        while start < scalars.count {
            matcher.feed(scalars[start..<min(start + size, scalars.count)])
            start += size
        }
        return matcher.finish()
    }

    @Test("in pieces of any size, the same answers as the whole line")
    func piecesAgree() throws {
        let cases: [(String, String)] = [
            ("^ready$", "ready"), ("^ready$", "ready!"), ("a\\b", "a b"), ("a\\b", "ab"), ("a\\B", "ab"),
            ("^$", ""), ("x$", "axbx"), ("(ab)+$", "ababa"), ("\\bé", "café é"), ("\\d+\\s*$", "port 80  "),
        ]
        for (source, line) in cases {
            let whole = try LinePattern(source).matches(line)
            for size in [1, 2, 3, 100] {
                #expect(try fed(source, line, size: size) == whole, "\(source) on \(line) by \(size)")
            }
        }
    }

    @Test("$ is not taken at a piece's end: a million a then b does not match ^a+$")
    func noDollarInsideTheLine() throws {
        let pattern = try LinePattern("^a+$")
        var matcher = LinePattern.Matcher(pattern)
        for _ in 0..<16 {
            let fed = matcher.feed([UInt32](repeating: 0x61, count: 65536))
            #expect(fed == false)
        }
        let matcherMatchesWhateverFollows = matcher.matchesWhateverFollows()
        #expect(matcherMatchesWhateverFollows == false)
        matcher.feed([0x62])
        let matcherFinish = matcher.finish()
        #expect(matcherFinish == false)
        var complete = LinePattern.Matcher(pattern)
        complete.feed([UInt32](repeating: 0x61, count: 1 << 20))
        let completeFinish = complete.finish()
        #expect(completeFinish)
    }

    @Test("a match that needs nothing after it is known before the line ends")
    func matchWithoutTheEnd() throws {
        var plain = LinePattern.Matcher(try LinePattern("listening on [0-9]+"))
        let plainFeed = plain.feed("listening on 8".unicodeScalars.map(\.value))
        #expect(plainFeed == false)
        let plainMatchesWhateverFollows = plain.matchesWhateverFollows()
        #expect(plainMatchesWhateverFollows)
        var anchored = LinePattern.Matcher(try LinePattern("^listening on [0-9]+$"))
        anchored.feed("listening on 80".unicodeScalars.map(\.value))
        let anchoredMatchesWhateverFollows = anchored.matchesWhateverFollows()
        #expect(anchoredMatchesWhateverFollows == false)
        let anchoredFinish = anchored.finish()
        #expect(anchoredFinish)
        var boundary = LinePattern.Matcher(try LinePattern("on\\b"))
        boundary.feed("on".unicodeScalars.map(\.value))
        let boundaryMatchesWhateverFollows = boundary.matchesWhateverFollows()
        #expect(boundaryMatchesWhateverFollows == false)
        let boundaryFeed = boundary.feed([0x65])
        #expect(boundaryFeed == false)
        let boundaryFinish = boundary.finish()
        #expect(boundaryFinish == false)
    }

    @Test("feeding stops when asked, and says so")
    func stops() throws {
        var matcher = LinePattern.Matcher(try LinePattern("(a|aa)*b"))
        var asked = 0
        let result = matcher.feed([UInt32](repeating: 0x61, count: 10_000)) {
            asked += 1
            return asked == 2
        }
        #expect(result == nil)
        #expect(asked == 2)
    }
}
