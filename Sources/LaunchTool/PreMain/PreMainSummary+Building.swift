import LaunchRunner
import LaunchSymbolication
import LaunchTrace

extension PreMainSummary {
    /// The summary of pre-main breakdowns (the pre-main launches'), nil without any.
    /// Initializers are named from their objects' symbol tables where the files can be read.
    /// The parts, the objects' loading and initializers come from the launches without relocation
    /// marks (``timing(_:)``), each object's relocation from those with them.
    package static func build(breakdowns: [PreMainBreakdown]) -> PreMainSummary? {
        guard !breakdowns.isEmpty else { return nil }
        let timing = Self.timing(breakdowns)
        let parts = Self.parts(of: timing)
        let relocationNs = parts.first { $0.name == .relocation }?.medianNs ?? 0
        let libraries = withRelocations(Self.libraries(of: timing), breakdowns, relocationNs: relocationNs)
        var summary = PreMainSummary(
            launches: timing.count, totalNs: Descriptive.median(timing.map { Double($0.totalNs) }),
            parts: parts, coverage: Descriptive.median(timing.map(\.coverage)), libraries: libraries,
            advice: PreMainAdvisor.advice(libraries: libraries, parts: parts, breakdowns: timing))
        let marked = breakdowns.count - timing.count
        summary.markedLaunches = marked > 0 ? marked : nil
        return summary
    }

    /// The breakdowns that time the parts: those without relocation marks, whose copies and
    /// moved tables lengthen the loading part; all of them when every one was marked.
    package static func timing(_ breakdowns: [PreMainBreakdown]) -> [PreMainBreakdown] {
        timing(breakdowns) { $0 }
    }

    /// Of `items`, those that time the parts (``timing(_:)``'s rule, the one place it is written):
    /// those whose breakdown, if any, has no relocation marks; all of them when none is left.
    package static func timing<Item>(_ items: [Item], breakdown: (Item) -> PreMainBreakdown?) -> [Item] {
        let unmarked = items.filter { breakdown($0)?.hasRelocationMarks != true }
        return unmarked.isEmpty ? items : unmarked
    }

    /// `libraries` with each one's relocation: its median timed relocation where the audit
    /// module marked it, and the median relocation time shared out among them by their counts.
    static func withRelocations(_ libraries: [PreMainLibrary], _ breakdowns: [PreMainBreakdown], relocationNs: Double)
        -> [PreMainLibrary]
    {
        guard let first = breakdowns.first else { return libraries }
        var timed: [String: [Double]] = [:]
        for breakdown in breakdowns {
            for (index, object) in breakdown.objects.enumerated() {
                if let value = breakdown.relocationNs(of: index) {
                    timed[object.name, default: []].append(Double(value))
                }
            }
        }
        let medians = first.objects.map { object in timed[object.name].map { Descriptive.median($0) } }
        let relocations = PreMainRelocations.estimated(
            PreMainRelocations.counted(paths: first.objects.map(\.path)), relocationNs: relocationNs, timed: medians)
        var byName: [String: PreMainRelocation] = [:]
        for (object, relocation) in zip(first.objects, relocations) { byName[object.name] = relocation }
        return libraries.map { library in
            var library = library
            library.relocation = byName[library.name]
            return library
        }
    }

    /// The median wall time of the completed pre-main launches of `scenario` (those without
    /// relocation marks, when there are any) less that of its completed measurement launches;
    /// nil without both.
    static func instrumentCost(preMain: [LaunchRecord], measurement: [LaunchRecord], scenario: String) -> Double? {
        func median(_ records: [LaunchRecord]) -> Double? {
            let walls = records.filter { $0.scenario.rawValue == scenario && $0.outcome == .completed }.map {
                Double($0.wallNs)
            }
            return walls.isEmpty ? nil : Descriptive.median(walls)
        }
        guard let audited = median(timing(preMain, breakdown: \.preMain)), let plain = median(measurement) else {
            return nil
        }
        return audited - plain
    }

    /// The medians of each part.
    static func parts(of breakdowns: [PreMainBreakdown]) -> [PreMainPart] {
        func part(
            _ name: PreMainPart.Name, _ wall: (PreMainBreakdown) -> Int64, _ cpu: ((PreMainBreakdown) -> Int64?)? = nil
        )
            -> PreMainPart
        {
            let cpuValues = cpu.map { read in breakdowns.compactMap { read($0).map(Double.init) } } ?? []
            return PreMainPart(
                name: name, medianNs: Descriptive.median(breakdowns.map { Double(wall($0)) }),
                medianCpuNs: cpuValues.count == breakdowns.count ? Descriptive.median(cpuValues) : nil)
        }
        let wrapped = breakdowns.contains { $0.earlierPrograms != nil }
        return [
            part(.exec, \.execNs),
            part(.loaderStartup, \.loaderStartupNs),
        ] + (wrapped ? [part(.earlierPrograms, \.earlierProgramsNs)] : []) + [
            part(.loading, \.loadingNs) { breakdown in
                breakdown.objects.indices.reduce(Int64(0)) { sum, index in
                    guard let sum, let cpu = breakdown.loadCpuNs(of: index) else { return nil }
                    return sum + cpu
                }
            },
            part(.relocation, \.relocationNs, \.relocationCpuNs),
            part(.initializers, \.initializersNs) { breakdown in breakdown.initializers.reduce(0) { $0 + $1.onCpuNs }
            },
            part(.betweenInitializers, \.betweenInitializersNs, \.betweenInitializersCpuNs),
            part(.unattributed, \.unattributedNs),
        ]
    }

    /// Every object in load order (first seen first), with its medians over the launches that
    /// loaded it.
    static func libraries(of breakdowns: [PreMainBreakdown]) -> [PreMainLibrary] {
        var order: [String] = []
        var samples: [String: PreMainSamples] = [:]
        for breakdown in breakdowns {
            for (index, object) in breakdown.objects.enumerated() {
                if samples[object.name] == nil {
                    order.append(object.name)
                    samples[object.name] = PreMainSamples(object: object, isExecutable: index == 0)
                }
                samples[object.name]?.add(breakdown, index: index)
            }
        }
        var symbols = InitializerNames()
        let unused = unusedNames(of: breakdowns)
        return order.compactMap { name in
            guard var library = samples[name]?.library(names: &symbols) else { return nil }
            if unused?.contains(name) == true, library.origin != .executable { library.unused = true }
            return library
        }
    }

    /// The file names of the libraries the loader found unused, nil when no breakdown says.
    static func unusedNames(of breakdowns: [PreMainBreakdown]) -> Set<String>? {
        let checked = breakdowns.compactMap(\.unusedLibraries)
        guard !checked.isEmpty else { return nil }
        return Set(checked.joined().map { $0.split(separator: "/").last.map(String.init) ?? $0 })
    }
}
