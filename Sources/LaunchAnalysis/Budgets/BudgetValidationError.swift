/// A budget file is not valid. Lists every problem found, each with its JSON path, the
/// offending value and what was expected.
///
/// ```text
/// budgets.json: at rules[3].limit: the value "400 parsecs" is not valid. The unit "parsecs" is not known; …
/// ```
public struct BudgetValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One problem in the file.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// JSON path of the offending value, e.g. `rules[3].limit`; empty for the whole file.
        public var path: String
        /// The offending value as written in JSON (shortened), or `nil` when a key is missing.
        public var value: String?
        /// What was expected, as one or more sentences.
        public var expected: String
        /// The valid name closest to a misspelt one, if any.
        public var suggestion: String?

        /// Creates a problem.
        public init(path: String, value: String?, expected: String, suggestion: String? = nil) {
            self.path = path
            self.value = value
            self.expected = expected
            self.suggestion = suggestion
        }

        /// `at PATH: the value V is not valid. EXPECTED Did you mean "S"?`
        public var description: String {
            var text = path.isEmpty ? "" : "at \(path): "
            if let value { text += "the value \(value) is not valid. " }
            text += expected
            if let suggestion { text += " Did you mean \"\(suggestion)\"?" }
            return text
        }
    }

    /// Path of the budget file.
    public var file: String
    /// The problems, in the order they were found.
    public var problems: [Problem]

    /// Creates an error.
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// One line per problem, each starting with the file.
    public var description: String {
        problems.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
