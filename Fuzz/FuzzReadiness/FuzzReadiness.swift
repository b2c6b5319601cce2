import LaunchRunner
import LaunchTrace

/// libFuzzer entry point: the first line of the input is a `--ready-when stdout:` pattern, the
/// other lines are the program's output. The pattern may be refused; once accepted, every line
/// must be matched without a crash and in linear time (libFuzzer's `-timeout` fails an input
/// that takes seconds, as `^(a+)+$` did with a backtracking matcher). A pattern without anchors
/// or word boundaries that matches a line must also match it with text around it, and a line fed
/// to a `LinePattern.Matcher` in two pieces gets the whole line's answer.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, let pattern = try? LinePattern(String(first)) else {
        _ = try? ReadyCondition(parsing: "stdout:" + (lines.first.map(String.init) ?? ""))
        return 0
    }
    let unanchored = !pattern.source.contains { "^$\\".contains($0) }
    for line in lines.dropFirst() {
        let matched = pattern.matches(line)
        let scalars = line.unicodeScalars.map(\.value)
        var matcher = LinePattern.Matcher(pattern)
        matcher.feed(scalars[..<(scalars.count / 2)])
        matcher.feed(scalars[(scalars.count / 2)...])
        if matcher.finish() != matched {
            fatalError("\(pattern.source) on \(line): \(matched) whole, not fed in two pieces")
        }
        if matched, unanchored, !pattern.matches("#" + line + "#") {
            fatalError("\(pattern.source) matches \(line) but not the same line with text around it")
        }
    }
    return 0
}
