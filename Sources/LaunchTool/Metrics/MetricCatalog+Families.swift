import LaunchTrace

extension MetricCatalog {
    /// Every family of metrics whose names a trace decides: the one place each is defined.
    package static let families: [MetricFamily] =
        [phaseFamily] + phasePartFamilies + [spanFamily, blockingCallsFamily, blockingTimeFamily] + libraryFamilies
        + [relocationFamily] + reasonFamilies

    /// The phases the tool knows by name: UIKit's and a program's (exec, loader, main, exit).
    static let knownPhases = PhaseName.uikitCatalogue + PhaseName.program + PhaseName.display

    /// `<phase>`: a phase's duration, for every phase a trace has.
    static let phaseFamily = MetricFamily(
        "<phase>", .time, "Duration of the phase.", source: "phases[].durationNs",
        listed: knownPhases.map { .phase($0) },
        member: { name in
            guard let (phase, part) = name.phaseMetric, part == nil, knownPhases.contains(phase) else { return nil }
            return MetricDefinition(name, .time, "Duration of the \(phase) phase.", source: "phases[].durationNs")
        },
        values: { trace in trace.phases.map { (.phase($0.phase), Double($0.durationNs)) } }
    )

    /// `<phase>.onCpu`, `.runnable`, `.blocked`: the main thread's time in each state during a phase.
    static let phasePartFamilies: [MetricFamily] = MetricName.PhasePart.allCases.map { part in
        let words = phasePartWords(part)
        let source = "phases[].threadState.\(part == .blocked ? "blockedNs" : part.rawValue + "Ns")"
        return MetricFamily(
            "<phase>.\(part.rawValue)", .time, "Main-thread time \(words) during the phase.", source: source,
            listed: knownPhases.map { .phase($0, part) },
            member: { name in
                guard let (phase, found) = name.phaseMetric, found == part, knownPhases.contains(phase) else {
                    return nil
                }
                return MetricDefinition(name, .time, "Main-thread time \(words) during \(phase).", source: source)
            },
            values: { trace in
                trace.phases.map { (.phase($0.phase, part), Double(phasePartValue($0.threadState, part))) }
            }
        )
    }

    /// `span.<name>`: the total duration of an app span, for every span a trace has.
    static let spanFamily = MetricFamily(
        "span.<name>", .time, "Total duration of the span.", source: "spans[].durationNs, summed by name",
        member: { name in
            name.spanName.map {
                MetricDefinition(name, .time, "Total duration of the span \($0).", source: "spans[].durationNs")
            }
        },
        values: { trace in
            trace.spans.reduce(into: [MetricName: Double]()) { $0[.span($1.name), default: 0] += Double($1.durationNs) }
                .map { ($0.key, $0.value) }
        }
    )

    /// `blockingCalls.<kind>`: blocking calls of a kind on the main thread, when the tracer ran.
    static let blockingCallsFamily = MetricFamily(
        "blockingCalls.<kind>", .count, "Blocking calls of the kind on the main thread (when the tracer ran).",
        source: "mainThread.blockingCalls[], counted by kind", listed: blockingKinds.map { .blockingCalls($0) },
        member: { name in
            guard let kind = blockingKinds.first(where: { .blockingCalls($0) == name }) else { return nil }
            return MetricDefinition(
                name, .count, "Blocking \(kind.rawValue) calls on the main thread.",
                source: "mainThread.blockingCalls[]")
        },
        values: { trace in tracedCalls(trace, count: true) }
    )

    /// `blockingTime.<kind>`: main-thread time in blocking calls of a kind, when the tracer ran.
    static let blockingTimeFamily = MetricFamily(
        "blockingTime.<kind>", .time, "Main-thread time in blocking calls of the kind (when the tracer ran).",
        source: "mainThread.blockingCalls[].durationNs, summed by kind",
        listed: blockingKinds.map { .blockingTime($0) },
        member: { name in
            guard let kind = name.blockingTimeKind, kind.isTracedCall else { return nil }
            return MetricDefinition(
                name, .time, "Main-thread time in blocking \(kind.rawValue) calls.",
                source: "mainThread.blockingCalls[]")
        },
        values: { trace in tracedCalls(trace, count: false) }
    )

    /// `library.<file>.load` and `.initializers`: each object's part of the time before main,
    /// for every object the pre-main breakdown saw (the executable under its file name).
    static let libraryFamilies: [MetricFamily] = MetricName.LibraryPart.allCases.map { part in
        let summary = part == .load ? "Mapping the object before main." : "The object's initializers before main."
        let source =
            part == .load
            ? "preMain.objects[]: the previous object to this one" : "preMain.initializers[] of the object"
        return MetricFamily(
            "library.<file>.\(part.rawValue)", .time, summary, source: source,
            member: { name in
                guard let (file, found) = name.libraryMetric, found == part else { return nil }
                let words = part == .load ? "Mapping \(file) before main." : "\(file)'s initializers before main."
                return MetricDefinition(name, .time, words, source: source)
            },
            preMain: { libraryValues($0, part) }
        )
    }

    /// `preMain.relocation.<file>`: each object's estimated share of the timed relocation.
    static let relocationFamily = MetricFamily(
        "preMain.relocation.<file>", .time,
        "Relocating the object before main (timed by the audit module's mark, in every second pre-main launch; estimated from its counts when unmarked).",
        source: "preMain.objects[].relocatedNs: the previous marked object to this one",
        member: { name in
            guard let file = name.relocationObject else { return nil }
            return MetricDefinition(
                name, .time, "Relocating \(file) before main.", source: "preMain.objects[].relocatedNs")
        },
        preMain: { breakdown in
            var values: [MetricName: Double] = [:]
            for (object, relocation) in zip(breakdown.objects, PreMainRelocations.estimated(for: breakdown)) {
                guard let relocation else { continue }
                values[.relocation(of: object.name), default: 0] += relocation.relocationNs
            }
            return values.map { ($0.key, $0.value) }
        }
    )

    private static func libraryValues(_ preMain: PreMainBreakdown, _ part: MetricName.LibraryPart)
        -> [(MetricName, Double)]
    {
        var values: [MetricName: Double] = [:]
        for (index, object) in preMain.objects.enumerated() {
            let value = part == .load ? preMain.loadNs(of: index) : preMain.initializersNs(of: index)
            values[.library(object.name, part), default: 0] += Double(value)
        }
        return values.map { ($0.key, $0.value) }
    }

    private static func phasePartWords(_ part: MetricName.PhasePart) -> String {
        switch part {
        case .onCpu: "on a CPU"
        case .runnable: "waiting for a CPU"
        case .blocked: "blocked"
        }
    }

    private static func phasePartValue(_ state: ThreadState, _ part: MetricName.PhasePart) -> Int64 {
        switch part {
        case .onCpu: state.onCpuNs
        case .runnable: state.runnableNs
        case .blocked: state.blockedNs
        }
    }

    /// Per traced kind, the calls' count or summed time; zero for a kind the tracer saw no call
    /// of; nothing when the tracer did not run.
    private static func tracedCalls(_ trace: LaunchTrace, count: Bool) -> [(MetricName, Double)] {
        guard let activity = trace.mainThread, activity.tracer != nil else { return [] }
        var values = Dictionary(uniqueKeysWithValues: blockingKinds.map { ($0, 0.0) })
        for call in activity.blockingCalls where call.kind.isTracedCall {
            values[call.kind, default: 0] += count ? 1 : Double(call.durationNs)
        }
        return values.map { (count ? .blockingCalls($0.key) : .blockingTime($0.key), $0.value) }
    }
}
