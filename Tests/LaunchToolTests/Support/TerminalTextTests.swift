import LaunchTool
import Testing

/// User text escaped before it is printed on a terminal.
@Suite("TerminalText")
struct TerminalTextTests {
    @Test("control characters are escaped for the terminal, other text is unchanged")
    func terminalText() {
        #expect(TerminalText.escaped("nightly build") == "nightly build")
        #expect(TerminalText.escaped("a\nb\tc\r\u{1B}[2J\u{7F}") == "a\\nb\\tc\\r\\x1b[2J\\x7f")
        #expect(TerminalText.escaped("\u{85}x\u{202E}y") == "\\u{85}x\\u{202e}y")
        #expect(TerminalText.escaped("café ✓") == "café ✓")
    }
}
