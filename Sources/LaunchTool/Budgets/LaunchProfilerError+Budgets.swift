import LaunchTrace

extension LaunchProfilerError.Code {
    /// A budget file is not valid; the error lists every problem in ``LaunchProfilerError/problems``.
    package static let invalidBudgetFile = Self("invalidBudgetFile")
    /// A budget limit's text cannot be parsed.
    package static let invalidBudgetLimit = Self("invalidBudgetLimit")
}

extension LaunchProfilerError {
    /// A budget file is not valid: one line per problem, each starting with the file.
    ///
    /// ```text
    /// budgets.json: at rules[3].limit: the value "400 parsecs" is not valid. The unit "parsecs" is not known; …
    /// ```
    package static func invalidBudgetFile(_ file: String, problems: [LaunchProfilerError]) -> Self {
        let located = problems.map { problem in
            var problem = problem
            problem.context.file = file
            return problem
        }
        return Self(.invalidBudgetFile, "", context: Context(file: file), problems: located)
    }

    /// One problem in a budget file: its JSON path (empty for the whole file), the offending
    /// value as written (`nil` when a key is missing), what was expected and the valid name
    /// closest to a misspelt one.
    package static func budgetProblem(at jsonPath: String, value: String?, expected: String, suggestion: String? = nil)
        -> Self
    {
        let context = Context(
            jsonPath: jsonPath.isEmpty ? nil : jsonPath, value: value, expected: expected, suggestion: suggestion)
        return Self(.invalidBudgetFile, "", context: context)
    }

    /// A budget limit's text cannot be parsed; `expected` says what was expected, as a sentence.
    package static func invalidBudgetLimit(_ expected: String) -> Self {
        Self(.invalidBudgetLimit, expected)
    }
}
