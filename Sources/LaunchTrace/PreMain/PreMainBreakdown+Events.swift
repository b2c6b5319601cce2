extension PreMainBreakdown {
    /// The breakdown from the audit module's `preMain` lines on the event socket
    /// (`lp_env.h`, ``ProbeEvent/Kind/preMain``), or nil when they are incomplete (the module
    /// was not loaded, or the program ended before `main`). `executable` replaces the
    /// executable's path when the program ran alone; `execEndNs` is the runner's reading of the
    /// exec's end. When the program exec'd another (a wrapper script, a pyenv shim), each one
    /// starts the loader again: the breakdown is the last one's, after ``earlierPrograms``.
    package init?(events: [ProbeEvent], executable: String, execEndNs: Int64?) {
        var earlier: PreMainEarlierPrograms?
        var start: PreMainPoint?
        var relocated: PreMainPoint?
        var main: PreMainPoint?
        var objects: [PreMainObject] = []
        var initializers: [PreMainInitializer] = []
        var unwrapped = 0
        var marks: [(object: Int, atNs: Int64)] = []
        for event in events where event.kind == .preMain {
            let fields = event.name.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            guard let part = fields.first else { continue }
            let numbers = fields.dropFirst().prefix(4).map { Int64($0) }
            switch part {
            case "start":
                if let previous = start {
                    earlier = PreMainEarlierPrograms(
                        count: (earlier?.count ?? 0) + 1,
                        firstLoaderStartNs: earlier?.firstLoaderStartNs ?? previous.atNs)
                    (objects, initializers, unwrapped, relocated, main) = ([], [], 0, nil, nil)
                    marks = []
                }
                start = Self.point(event.timeNs, numbers)
            case "relocated": relocated = Self.point(event.timeNs, numbers)
            case "main": main = Self.point(event.timeNs, numbers)
            case "object":
                if let object = Self.object(
                    event.timeNs, fields, executable: objects.isEmpty && earlier == nil ? executable : nil)
                {
                    objects.append(object)
                }
            case "init":
                if let initializer = Self.initializer(event.timeNs, fields) { initializers.append(initializer) }
            case "dropped": unwrapped += Int(numbers.first.flatMap { $0 } ?? 0)
            case "relocatedObject":
                if let index = numbers.first.flatMap({ $0 }) { marks.append((Int(index), event.timeNs)) }
            default: continue
            }
        }
        guard let start, let relocated, let main, !objects.isEmpty else { return nil }
        for mark in marks where objects.indices.contains(mark.object) { objects[mark.object].relocatedNs = mark.atNs }
        self.init(
            execEndNs: execEndNs, loaderStart: start, objects: objects, relocated: relocated,
            initializers: initializers.filter { $0.object < objects.count }, main: main,
            unwrappedInitializers: unwrapped)
        earlierPrograms = earlier
    }

    private static func point(_ time: Int64, _ numbers: [Int64?]) -> PreMainPoint? {
        guard numbers.count >= 2, let cpu = numbers[0], let faults = numbers[1] else { return nil }
        return PreMainPoint(atNs: time, cpuNs: cpu, minorFaults: faults)
    }

    /// `object <cpuNs> <minorFaults> <mappedBytes> <path>`.
    private static func object(_ time: Int64, _ fields: [Substring], executable: String?) -> PreMainObject? {
        guard fields.count == 5, let cpu = Int64(fields[1]), let faults = Int64(fields[2]),
            let mapped = Int64(fields[3])
        else { return nil }
        return PreMainObject(
            path: executable ?? String(fields[4]), mappedBytes: mapped,
            mapped: PreMainPoint(atNs: time, cpuNs: cpu, minorFaults: faults))
    }

    /// `init <durationNs> <cpuNs> <object> <address> <how>`.
    private static func initializer(_ time: Int64, _ fields: [Substring]) -> PreMainInitializer? {
        let values = fields.dropFirst().joined(separator: " ").split(separator: " ")
        guard values.count == 5, let duration = Int64(values[0]), let cpu = Int64(values[1]),
            let object = Int(values[2]), let address = UInt64(values[3]),
            let kind = PreMainInitializer.Kind(rawValue: String(values[4]))
        else { return nil }
        return PreMainInitializer(
            object: object, address: address, kind: kind, startNs: time, durationNs: duration, cpuNs: cpu)
    }
}
