import LaunchRunner
import LaunchTrace
import Testing

/// `\d \w \s` and their complements mean one thing inside and outside brackets, as in Python's
/// `re` on str patterns; octal escapes are read as Python reads them.
@Suite("LinePattern classes and escapes")
struct LinePatternClassTests {
    /// Whether `source` matches `line`, the pattern accepted.
    private func search(_ source: String, _ line: String) throws -> Bool {
        try LinePattern(source).matches(line)
    }

    @Test("a named class means the same in brackets, negated brackets and alone")
    func sameInsideAndOutside() throws {
        let scalars = ["é", "a", "_", "7", "٣", "３", " ", "\u{3000}", "!", "\u{345}", "\u{24B6}", "Ⅻ", "²"]
        for name in ["d", "w", "s", "D", "W", "S"] {
            for line in scalars {
                let alone = try search("^\\\(name)$", line)
                #expect(try search("^[\\\(name)]$", line) == alone, "[\\\(name)] on \(line)")
                #expect(try search("^[^\\\(name)]$", line) == !alone, "[^\\\(name)] on \(line)")
                #expect(try search("^[x\\\(name)]$", line) == alone, "[x\\\(name)] on \(line)")
            }
        }
        #expect(try search("[\\W]", "é") == false)
        #expect(try search("[^\\W]", "é"))
    }

    @Test("\\d is a decimal digit of any script, as str.isdecimal()")
    func digits() throws {
        for digit in ["0", "9", "\u{663}", "\u{FF13}", "\u{966}"] { #expect(try search("^\\d$", digit), "\(digit)") }
        for other in ["²", "½", "Ⅻ", "a", "\u{3007}"] { #expect(try !search("^\\d$", other), "\(other)") }
    }

    @Test("\\s is what str.isspace() accepts")
    func spaces() throws {
        let spaces: [UInt32] = [
            9, 10, 11, 12, 13, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F,
            0x205F, 0x3000,
        ]
        for value in spaces {
            #expect(try LinePattern("^\\s$").matches(scalars: [value]) == true, "U+\(String(value, radix: 16))")
            #expect(try LinePattern("^\\S$").matches(scalars: [value]) == false, "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x180E, 0x200B, 0xFEFF, 0x1B, 0x61] {
            #expect(try LinePattern("^\\s$").matches(scalars: [value]) == false, "U+\(String(value, radix: 16))")
        }
    }

    @Test("\\w is _ or what str.isalnum() accepts: not a combining mark nor a circled letter")
    func words() throws {
        for word in ["a", "Z", "_", "é", "ß", "ǅ", "ʰ", "中", "²", "Ⅻ", "\u{663}"] {
            #expect(try search("^\\w$", word), "\(word)")
        }
        for other in ["\u{345}", "\u{24B6}", "-", "\u{301}", "€", " "] {
            #expect(try !search("^\\w$", other), "U+\(String(other.unicodeScalars.first?.value ?? 0, radix: 16))")
        }
        // \b looks at the same definition.
        #expect(try search("a\\b", "a\u{345}"))
        #expect(try !search("a\\b", "aé"))
    }

    @Test("octal escapes are read as Python reads them")
    func octal() throws {
        let cases: [(String, [UInt32])] = [
            ("^\\0$", [0]), ("^\\01$", [1]), ("^\\012$", [10]), ("^\\0123$", [10, 0x33]), ("^\\101$", [0x41]),
            ("^\\377$", [0xFF]), ("^[\\1]$", [1]), ("^[\\18]$", [0x38]), ("^[\\177]$", [0x7F]), ("^\\018$", [1, 0x38]),
            ("^[\\b]$", [8]), ("^\\a$", [7]), ("^\\U0001F600$", [0x1F600]),
        ]
        for (source, line) in cases {
            #expect(try LinePattern(source).matches(scalars: line) == true, "\(source)")
        }
        #expect(try LinePattern("^\\01$").matches(scalars: [0, 0x31]) == false)
    }

    @Test("backreferences and octal escapes above \\377 are refused at their character")
    func octalRefusals() {
        let cases: [(String, Int, String)] = [
            ("a\\1", 2, "\\1 is not supported"), ("a\\12", 2, "\\12 is not supported"),
            ("\\400", 1, "above \\377"), ("[\\400]", 2, "above \\377"), ("[\\8]", 2, "\\8 is not supported"),
            ("a\\8", 2, "\\8 is not supported"), ("[\\B]", 3, "\\B is not supported"), ("[\\d-z]", 4, "range"),
        ]
        for (source, character, reason) in cases {
            do {
                _ = try LinePattern(source)
                Issue.record("\(source) was accepted")
            } catch {
                #expect(error.description.contains(reason), "\(source): \(error.description)")
                #expect(error.description.hasPrefix("At character \(character):"), "\(source): \(error.description)")
            }
        }
    }
}
