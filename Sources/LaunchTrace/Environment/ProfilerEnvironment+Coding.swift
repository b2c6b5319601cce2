extension ProfilerEnvironment {
    /// Reads the settings from environment variables. A variable that is missing or empty
    /// leaves its field `nil`; an invalid value is ignored too, with a warning (a whole
    /// sentence naming the variable and the value) appended to `warnings`.
    ///
    /// ```swift
    /// var warnings: [String] = []
    /// let settings = ProfilerEnvironment(decoding: ["LAUNCHPROF_RUN_INDEX": "-2"], warnings: &warnings)
    /// // settings.runIndex == nil, warnings == ["LAUNCHPROF_RUN_INDEX=-2 is not a non-negative integer; it is ignored."]
    /// ```
    package init(decoding environment: [String: String], warnings: inout [String]) {
        self.init()
        for field in Self.fields {
            guard let raw = environment[field.variable], !raw.isEmpty else { continue }
            if !field.decode(&self, raw) {
                warnings.append("\(field.variable.assignment(raw)) is not \(field.requirement()); \(field.fallback()).")
            }
        }
    }

    /// Reads the settings from environment variables, dropping the warnings.
    package init(decoding environment: [String: String]) {
        var warnings: [String] = []
        self.init(decoding: environment, warnings: &warnings)
    }

    /// The variables for the fields that are set, by name.
    package func encode() -> [String: String] {
        var environment: [String: String] = [:]
        for field in Self.fields {
            environment[field.variable] = field.encode(self)
        }
        return environment
    }
}
