extension ProfilerEnvironment {
    /// One variable: how its value is read and written, and what a bad value is told.
    ///
    /// Every profiled launch builds this table before its first phase, so it is built of plain
    /// closures (no key paths, whose first use instantiates their metadata) and its sentences
    /// are written only when a value is refused: built eagerly, the table cost the main
    /// thread 0.22 to 0.35 ms of CPU in every launch of SampleApp (measured on the thread's CPU
    /// clock with a temporary build).
    struct Field: Sendable {
        let variable: Variable
        /// What a valid value is, after "is not".
        let requirement: @Sendable () -> String
        /// What happens instead, after the semicolon.
        let fallback: @Sendable () -> String
        /// Sets the field from the raw value; false when the value is invalid.
        let decode: @Sendable (inout ProfilerEnvironment, String) -> Bool
        /// The raw value of the field, `nil` when it is not set.
        let encode: @Sendable (ProfilerEnvironment) -> String?
    }

    /// The one table of variables: every field of ``ProfilerEnvironment``, read and written the same way.
    static let fields: [Field] = [
        field(
            .trace, get: { $0.tracePath }, set: { $0.tracePath = $1 }, "a path", "no trace is written", parse: { $0 },
            format: { $0 }),
        field(
            .spawnNs, get: { $0.spawnNs }, set: { $0.spawnNs = $1 }, "a positive integer count of nanoseconds",
            "the process start time is used instead", parse: { Int64($0).flatMap { $0 > 0 ? $0 : nil } }),
        choice(.exitAfter, get: { $0.exitAfter }, set: { $0.exitAfter = $1 }, "the launch will not end early"),
        choice(.scenario, get: { $0.scenario }, set: { $0.scenario = $1 }, "\(defaultScenario.rawValue) is used"),
        field(
            .runIndex, get: { $0.runIndex }, set: { $0.runIndex = $1 }, "a non-negative integer", "it is ignored",
            parse: { Int($0).flatMap { $0 >= 0 ? $0 : nil } }),
        descriptor(.eventFD, get: { $0.eventFD }, set: { $0.eventFD = $1 }, "no progress events are sent"),
        milliseconds(
            .stallMs, get: { $0.stallThresholdMs }, set: { $0.stallThresholdMs = $1 }, default: defaultStallThresholdMs),
        milliseconds(
            .sampleMs, get: { $0.sampleIntervalMs }, set: { $0.sampleIntervalMs = $1 }, default: defaultSampleIntervalMs
        ),
        choice(
            .sampler, get: { $0.samplerMethod }, set: { $0.samplerMethod = $1 },
            "\(defaultSamplerMethod.rawValue) is used"),
        descriptor(.stallFD, get: { $0.stallFD }, set: { $0.stallFD = $1 }, "stalls are sampled in-process"),
        field(
            .blockingMs, get: { $0.blockingCallThresholdMs }, set: { $0.blockingCallThresholdMs = $1 },
            "a non-negative number of milliseconds", "\(Int(defaultBlockingCallThresholdMs)) is used",
            parse: { Double($0).flatMap { $0 >= 0 ? $0 : nil } }),
        choice(.purpose, get: { $0.purpose }, set: { $0.purpose = $1 }, "the launch is a diagnosis launch"),
        field(
            .relocationMarks, get: { $0.relocationMarks == true ? true : nil }, set: { $0.relocationMarks = $1 }, "1",
            "no relocation is marked", parse: { $0 == "1" ? true : nil }, format: { _ in "1" }),
    ]

    /// The generic field: `parse` returns `nil` for an invalid value.
    static func field<Value>(
        _ variable: Variable, get: @escaping @Sendable (ProfilerEnvironment) -> Value?,
        set: @escaping @Sendable (inout ProfilerEnvironment, Value) -> Void,
        _ requirement: @escaping @autoclosure @Sendable () -> String,
        _ fallback: @escaping @autoclosure @Sendable () -> String,
        parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String = { "\($0)" }
    ) -> Field {
        Field(
            variable: variable, requirement: requirement, fallback: fallback,
            decode: { settings, raw in
                guard let value = parse(raw) else { return false }
                set(&settings, value)
                return true
            },
            encode: { settings in get(settings).map(format) }
        )
    }

    /// A field holding one of an enumeration's cases, by raw value.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ variable: Variable, get: @escaping @Sendable (ProfilerEnvironment) -> Value?,
        set: @escaping @Sendable (inout ProfilerEnvironment, Value) -> Void,
        _ fallback: @escaping @autoclosure @Sendable () -> String
    ) -> Field where Value.RawValue == String {
        field(
            variable, get: get, set: set, "one of \(Value.allCases.map { $0.rawValue }.joined(separator: ", "))",
            fallback(),
            parse: { Value(rawValue: $0) }, format: { $0.rawValue }
        )
    }

    /// A field holding an inherited file descriptor (above standard error).
    static func descriptor(
        _ variable: Variable, get: @escaping @Sendable (ProfilerEnvironment) -> Int32?,
        set: @escaping @Sendable (inout ProfilerEnvironment, Int32) -> Void,
        _ fallback: @escaping @autoclosure @Sendable () -> String
    ) -> Field {
        field(
            variable, get: get, set: set, "a file descriptor number above 2", fallback(),
            parse: { Int32($0).flatMap { $0 > 2 ? $0 : nil } })
    }

    /// A field holding a positive number of milliseconds.
    static func milliseconds(
        _ variable: Variable, get: @escaping @Sendable (ProfilerEnvironment) -> Int?,
        set: @escaping @Sendable (inout ProfilerEnvironment, Int) -> Void, default value: Int
    ) -> Field {
        field(
            variable, get: get, set: set, "a positive number of milliseconds", "\(value) is used",
            parse: { Int($0).flatMap { $0 > 0 ? $0 : nil } })
    }
}
