extension MetricName {
    /// What a phase metric measures.
    package enum PhasePart: String, Sendable, CaseIterable {
        /// Main-thread time on a CPU (`<phase>.onCpu`).
        case onCpu
        /// Main-thread time waiting for a CPU (`<phase>.runnable`).
        case runnable
        /// Main-thread time blocked (`<phase>.blocked`).
        case blocked
    }

    /// Prefix of the per-span family.
    package static let spanPrefix = "span."
    /// Prefix of the blocking-time family.
    package static let blockingTimePrefix = "blockingTime."
    /// Prefix of the blocking-call count family.
    package static let blockingCallsPrefix = "blockingCalls."

    /// Beginnings a program's own phase name may not have in a budget: they belong to the tool's
    /// metric families, so `timeToFirstFram` is a typo, never a phase. `budgets.schema.json`
    /// spells the same list in its program-phase pattern (a test checks that they agree).
    package static let reservedPhasePrefixes = [
        "timeTo", "mainThread", "blocking", "stall", "longest", "peak", "profiler", "resume", "span", "preMain",
        "library",
    ]

    /// Whether the name begins with one of ``reservedPhasePrefixes``.
    package var hasReservedPhasePrefix: Bool {
        Self.reservedPhasePrefixes.contains { rawValue.hasPrefix($0) }
    }

    /// Duration of a phase: its id (`didFinishLaunching`).
    package static func phase(_ phase: LaunchPhase) -> MetricName {
        MetricName(rawValue: phase.rawValue)
    }

    /// The main thread's time in one state during a phase (`didFinishLaunching.blocked`).
    package static func phase(_ phase: LaunchPhase, _ part: PhasePart) -> MetricName {
        MetricName(rawValue: phase.rawValue + "." + part.rawValue)
    }

    /// What the pre-main breakdown measures of one object.
    package enum LibraryPart: String, Sendable, CaseIterable {
        /// Mapping it (`library.<file>.load`).
        case load
        /// Its initializers (`library.<file>.initializers`).
        case initializers
    }

    /// Prefix of the per-object pre-main family.
    package static let libraryPrefix = "library."

    /// One object's part of the pre-main time (`library.libswiftCore.so.load`); the executable
    /// counts as an object, under its file name.
    package static func library(_ file: String, _ part: LibraryPart) -> MetricName {
        MetricName(rawValue: libraryPrefix + file + "." + part.rawValue)
    }

    /// The object and part of a `library.<file>.<part>` metric, nil for another name.
    package var libraryMetric: (file: String, part: LibraryPart)? {
        guard rawValue.hasPrefix(Self.libraryPrefix) else { return nil }
        let rest = rawValue.dropFirst(Self.libraryPrefix.count)
        guard let dot = rest.lastIndex(of: "."), dot > rest.startIndex,
            let part = LibraryPart(rawValue: String(rest[rest.index(after: dot)...]))
        else { return nil }
        return (String(rest[..<dot]), part)
    }

    /// Prefix of the per-object relocation family.
    package static let relocationPrefix = "preMain.relocation."

    /// One object's estimated share of the relocation before `main`
    /// (`preMain.relocation.libswiftCore.so`); the executable under its file name.
    package static func relocation(of file: String) -> MetricName {
        MetricName(rawValue: relocationPrefix + file)
    }

    /// The object of a `preMain.relocation.<file>` metric, nil for another name (and for the
    /// kinds, `preMain.relocation.relative` and `.symbol`).
    package var relocationObject: String? {
        guard rawValue.hasPrefix(Self.relocationPrefix), self != .preMainRelocationRelative,
            self != .preMainRelocationSymbol
        else { return nil }
        let file = String(rawValue.dropFirst(Self.relocationPrefix.count))
        return file.isEmpty ? nil : file
    }

    /// Whether the name is a metric of the time before `main` (`preMain.…`, `library.…`).
    package var isPreMainMetric: Bool {
        rawValue.hasPrefix("preMain.") || libraryMetric != nil
    }

    /// Total duration of an app span (`span.catalog.load`).
    package static func span(_ name: String) -> MetricName {
        MetricName(rawValue: spanPrefix + name)
    }

    /// Main-thread time in blocking calls of a kind (`blockingTime.fileIO`).
    package static func blockingTime(_ kind: BlockingKind) -> MetricName {
        MetricName(rawValue: blockingTimePrefix + kind.rawValue)
    }

    /// Blocking calls of a kind on the main thread (`blockingCalls.fileIO`).
    package static func blockingCalls(_ kind: BlockingKind) -> MetricName {
        MetricName(rawValue: blockingCallsPrefix + kind.rawValue)
    }

    /// The span of a `span.<name>` metric, `nil` for another name.
    package var spanName: String? {
        guard rawValue.hasPrefix(Self.spanPrefix), rawValue.count > Self.spanPrefix.count else { return nil }
        return String(rawValue.dropFirst(Self.spanPrefix.count))
    }

    /// The phase and part of a name shaped like a phase metric (`database`, `database.blocked`),
    /// `nil` when the name cannot be one. Any valid ``PhaseName`` qualifies: whether the phase
    /// exists is for the trace or the budget's reader to say.
    package var phaseMetric: (phase: PhaseName, part: PhasePart?)? {
        let parts = rawValue.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, PhaseName.isValid(String(first)) else { return nil }
        if parts.count == 1 { return (PhaseName(String(first)), nil) }
        guard let part = PhasePart(rawValue: String(parts[1])) else { return nil }
        return (PhaseName(String(first)), part)
    }

    /// The kind of a `blockingTime.<kind>` metric, `nil` for another name.
    package var blockingTimeKind: BlockingKind? {
        guard rawValue.hasPrefix(Self.blockingTimePrefix) else { return nil }
        return BlockingKind(rawValue: String(rawValue.dropFirst(Self.blockingTimePrefix.count)))
    }
}
