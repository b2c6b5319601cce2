/// The one error shape of LaunchProfiler, in the app (LaunchKit) and in the tool.
///
/// An error has a ``code`` saying what kind of problem it is (each module declares its own codes
/// in extensions of ``Code``), a ``context`` with typed fields (the file, the JSON path, the line
/// and column, the value, what was expected, the underlying reason), a ``message`` saying what is
/// wrong, and a computed whole-sentence ``description`` that puts them together:
///
/// ```text
/// budgets.json: at rules[3].limit: the value "400 parsecs" is not valid. The unit "parsecs" is not known; …
/// ```
///
/// An error that gathers several problems (every problem of a budget file) lists them in
/// ``problems``, one line each.
public struct LaunchProfilerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public var code: Code
    /// Where the problem is and what it is about.
    public var context: Context
    /// What is wrong, as one or more whole sentences; may be empty when ``context`` says it all.
    public var message: String
    /// The problems this error gathers, in the order they were found.
    public var problems: [LaunchProfilerError]

    /// Creates an error.
    public init(_ code: Code, _ message: String, context: Context = Context(), problems: [LaunchProfilerError] = []) {
        self.code = code
        self.context = context
        self.message = message
        self.problems = problems
    }

    /// `FILE:LINE:COLUMN: at JSONPATH: MESSAGE the value V is not valid. EXPECTED Did you mean "S"?`,
    /// then one line per problem; the parts that do not apply are left out.
    public var description: String {
        let lines = problems.map(\.description)
        let ownLine = context.mentionsLocation ? sentence : context.locationPrefix + sentence
        if sentence.isEmpty { return lines.isEmpty ? ownLine : lines.joined(separator: "\n") }
        return ([ownLine] + lines).joined(separator: "\n")
    }

    /// The message with the value, what was expected and the suggestion from ``context``.
    private var sentence: String {
        var parts = [message]
        if let value = context.value { parts.append("the value \(value) is not valid.") }
        if let expected = context.expected { parts.append(expected) }
        if let suggestion = context.suggestion { parts.append("Did you mean \"\(suggestion)\"?") }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension LaunchProfilerError {
    /// The same error, its code and context kept, with `sentence` added to its message: how a
    /// layer that catches an error says what it means there without losing what it is.
    ///
    /// ```swift
    /// throw error.adding("The launches measured before it are kept in the folder.")
    /// ```
    public func adding(_ sentence: String) -> LaunchProfilerError {
        var copy = self
        copy.message = message.isEmpty ? sentence : message + " " + sentence
        return copy
    }
}
