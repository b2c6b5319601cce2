import LaunchTrace

extension LaunchProfilerError.Code {
    /// A `--ready-when` condition is not one of the known forms.
    package static let invalidReadyCondition = Self("invalidReadyCondition")
}

extension ReadyCondition {
    /// Parses the text form (`port:8080`); a clear error names the value and the forms.
    package init(parsing text: String) throws(LaunchProfilerError) {
        let (kind, argument) = Self.split(text)
        switch (kind, argument) {
        case ("exit", nil): self = .exit
        case ("notify", nil): self = .notify
        case ("window", nil): self = .window(title: nil)
        case ("frame", nil): self = .frame(title: nil)
        case ("window", let pattern?) where !pattern.isEmpty:
            try Self.checkPattern(pattern, in: text)
            self = .window(title: pattern)
        case ("frame", let pattern?) where !pattern.isEmpty:
            try Self.checkPattern(pattern, in: text)
            self = .frame(title: pattern)
        case ("port", let value?):
            guard let port = Int(value), (1...65535).contains(port) else {
                throw Self.invalid(text, "A port is a whole number from 1 to 65535, as in port:8080.")
            }
            self = .port(port)
        case ("stdout", let pattern?) where !pattern.isEmpty:
            try Self.checkPattern(pattern, in: text)
            self = .stdout(pattern)
        case ("stderr", let pattern?) where !pattern.isEmpty:
            try Self.checkPattern(pattern, in: text)
            self = .stderr(pattern)
        case ("file", let path?) where !path.isEmpty: self = .file(path)
        default: throw Self.invalid(text, "A readiness condition is one of \(Self.forms).")
        }
    }

    /// Whether `line` matches a `stdout:` or `stderr:` pattern.
    package static func line(_ line: Substring, matches pattern: String) -> Bool {
        (try? LinePattern(pattern))?.matches(line) ?? false
    }

    private static func split(_ text: String) -> (String, String?) {
        guard let colon = text.firstIndex(of: ":") else { return (text, nil) }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private static func checkPattern(_ pattern: String, in text: String) throws(LaunchProfilerError) {
        do throws(LinePattern.SyntaxError) {
            _ = try LinePattern(pattern)
        } catch {
            throw invalid(
                text,
                "The text after the colon is a regular expression (matched in linear time, without backtracking); "
                    + "this one cannot be read: \(error.description)")
        }
    }

    private static func invalid(_ text: String, _ expected: String) -> LaunchProfilerError {
        LaunchProfilerError(
            .invalidReadyCondition, "The readiness condition (--ready-when) is not valid:",
            context: .init(jsonPath: "--ready-when", value: "\"\(text)\"", expected: expected)
        )
    }
}
