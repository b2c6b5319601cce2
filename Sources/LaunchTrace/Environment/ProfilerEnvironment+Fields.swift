extension ProfilerEnvironment {
    /// One variable: how its value is read and written, and what a bad value is told.
    struct Field: Sendable {
        let variable: Variable
        /// What a valid value is, after "is not".
        let requirement: String
        /// What happens instead, after the semicolon.
        let fallback: String
        /// Sets the field from the raw value; false when the value is invalid.
        let decode: @Sendable (inout ProfilerEnvironment, String) -> Bool
        /// The raw value of the field, `nil` when it is not set.
        let encode: @Sendable (ProfilerEnvironment) -> String?
    }

    /// The one table of variables: every field of ``ProfilerEnvironment``, read and written the same way.
    static let fields: [Field] = [
        field(.trace, \.tracePath, "a path", "no trace is written", parse: { $0 }, format: { $0 }),
        field(.spawnNs, \.spawnNs, "a positive integer count of nanoseconds", "the process start time is used instead",
              parse: { Int64($0).flatMap { $0 > 0 ? $0 : nil } }),
        choice(.exitAfter, \.exitAfter, "the launch will not end early"),
        choice(.scenario, \.scenario, "\(defaultScenario.rawValue) is used"),
        field(.runIndex, \.runIndex, "a non-negative integer", "it is ignored", parse: { Int($0).flatMap { $0 >= 0 ? $0 : nil } }),
        descriptor(.eventFD, \.eventFD, "no progress events are sent"),
        milliseconds(.stallMs, \.stallThresholdMs, default: defaultStallThresholdMs),
        milliseconds(.sampleMs, \.sampleIntervalMs, default: defaultSampleIntervalMs),
        choice(.sampler, \.samplerMethod, "\(defaultSamplerMethod.rawValue) is used"),
        descriptor(.stallFD, \.stallFD, "stalls are sampled in-process"),
        field(.blockingMs, \.blockingCallThresholdMs, "a non-negative number of milliseconds",
              "\(Int(defaultBlockingCallThresholdMs)) is used", parse: { Double($0).flatMap { $0 >= 0 ? $0 : nil } }),
    ]

    /// The generic field: `parse` returns `nil` for an invalid value.
    static func field<Value>(
        _ variable: Variable, _ keyPath: WritableKeyPath<ProfilerEnvironment, Value?> & Sendable,
        _ requirement: String, _ fallback: String,
        parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String = { "\($0)" }
    ) -> Field {
        Field(
            variable: variable, requirement: requirement, fallback: fallback,
            decode: { settings, raw in
                guard let value = parse(raw) else { return false }
                settings[keyPath: keyPath] = value
                return true
            },
            encode: { settings in settings[keyPath: keyPath].map(format) }
        )
    }

    /// A field holding one of an enumeration's cases, by raw value.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ variable: Variable, _ keyPath: WritableKeyPath<ProfilerEnvironment, Value?> & Sendable, _ fallback: String
    ) -> Field where Value.RawValue == String {
        let valid = Value.allCases.map(\.rawValue).joined(separator: ", ")
        return field(variable, keyPath, "one of \(valid)", fallback, parse: { Value(rawValue: $0) }, format: { $0.rawValue })
    }

    /// A field holding an inherited file descriptor (above standard error).
    static func descriptor(
        _ variable: Variable, _ keyPath: WritableKeyPath<ProfilerEnvironment, Int32?> & Sendable, _ fallback: String
    ) -> Field {
        field(variable, keyPath, "a file descriptor number above 2", fallback, parse: { Int32($0).flatMap { $0 > 2 ? $0 : nil } })
    }

    /// A field holding a positive number of milliseconds.
    static func milliseconds(
        _ variable: Variable, _ keyPath: WritableKeyPath<ProfilerEnvironment, Int?> & Sendable, default value: Int
    ) -> Field {
        field(variable, keyPath, "a positive number of milliseconds", "\(value) is used", parse: { Int($0).flatMap { $0 > 0 ? $0 : nil } })
    }
}
