import LaunchTrace

/// Turns perf records into a ``LaunchProfile``: cpu-clock samples become on-CPU spans of their
/// thread, and each thread's switch-out/switch-in pair becomes a blocked (voluntary) or runnable
/// (preempted) span charged to the stack sampled at the switch-out. The records of every CPU's
/// ring are put in time order first.
struct ProfileBuilder {
    /// The main thread's id: the launched process's, and after its launcher exited the followed
    /// process's (``WholeLaunchProfiler/profile(launchStartNs:endNs:followedPid:)``).
    let mainThreads: Set<Int32>
    let launchStartNs: Int64
    let endNs: Int64
    let samplePeriodNs: Int64
    let sampleLimit: Int
    private var images: [LoadedImage] = []
    private var stackIndex: [[Address]: Int] = [:]
    private var stacks: [[Address]] = []
    private var samples: [ProfileSample] = []
    private var threads = ProfileThreadTable()
    private var lost = 0
    private var dropped = 0

    init(mainThreads: Set<Int32>, launchStartNs: Int64, endNs: Int64, samplePeriodNs: Int64, sampleLimit: Int) {
        self.mainThreads = mainThreads
        self.launchStartNs = launchStartNs
        self.endNs = endNs
        self.samplePeriodNs = samplePeriodNs
        self.sampleLimit = sampleLimit
    }

    /// Adds the records of both events. Mappings come first, so that stacks can be repaired.
    mutating func add(cpu: [PerfRecord], switches: [PerfRecord]) {
        let repair = LeafCallerRepair(validator: CallSiteValidator(mappings: addMappings(cpu)))
        for record in Self.inTimeOrder(cpu) {
            switch record {
            case .sample(let sample):
                // The period is CPU time, which may have been spread over several turns on a CPU:
                // the span stands for it, ending when the sample was taken.
                let start = sample.timeNs - Int64(clamping: sample.period)
                threads.saw(sample.thread)
                append(
                    start: start, end: sample.timeNs, state: .onCPU, chain: repair.chain(of: sample),
                    thread: sample.thread.id)
            case .lost(let count): lost += count
            case .fork(let thread, let parent, let time): threads.fork(thread, parent: parent, atNs: time)
            case .exit(let thread, let time): threads.exit(thread, atNs: time)
            case .name(let thread, let name, _): threads.name(thread, name)
            default: break
            }
        }
        addSwitches(Self.inTimeOrder(switches), repair: repair)
    }

    private mutating func addMappings(_ records: [PerfRecord]) -> [CallSiteValidator.Mapping] {
        var mappings: [CallSiteValidator.Mapping] = []
        for case .executableMapping(let start, let length, let offset, let path) in records {
            mappings.append(
                .init(start: start, end: start &+ length, fileOffset: offset, path: path.hasPrefix("/") ? path : nil))
            guard path.hasPrefix("/") else { continue }
            images.append(
                LoadedImage(
                    path: path, loadAddress: Address(start &- offset), textStart: Address(start),
                    textEnd: Address(start &+ length), buildID: nil
                ))
        }
        return mappings
    }

    private mutating func addSwitches(_ records: [PerfRecord], repair: LeafCallerRepair) {
        var lastSample: [Int32: PerfSample] = [:]
        var out: [Int32: (timeNs: Int64, preempted: Bool, chain: [UInt64]?)] = [:]
        for record in records {
            switch record {
            case .sample(let sample): lastSample[sample.thread.id] = sample
            case .switchOut(let thread, let time, let preempted):
                let sample = lastSample.removeValue(forKey: thread.id)
                let chain = sample.flatMap { time - $0.timeNs < 1_000_000 ? repair.chain(of: $0) : nil }
                out[thread.id] = (time, preempted, chain)
                threads.saw(thread)
            case .switchIn(let thread, let time):
                if let open = out.removeValue(forKey: thread.id) {
                    append(
                        start: open.timeNs, end: time, state: open.preempted ? .runnable : .blocked, chain: open.chain,
                        thread: thread.id)
                }
                threads.saw(thread)
            case .lost(let count): lost += count
            default: break
            }
        }
        // A thread still switched out when the launch ended waited until then, unless it exited.
        for (thread, open) in out where threads.exitNs(of: thread) == nil {
            append(
                start: open.timeNs, end: endNs, state: open.preempted ? .runnable : .blocked, chain: open.chain,
                thread: thread)
        }
    }

    /// Records sorted by time, stably: one CPU's switch-out sample stays before its switch record.
    static func inTimeOrder(_ records: [PerfRecord]) -> [PerfRecord] {
        records.enumerated().sorted { ($0.element.timeNs ?? 0, $0.offset) < ($1.element.timeNs ?? 0, $1.offset) }
            .map(\.element)
    }

    private mutating func append(start: Int64, end: Int64, state: ProfileSample.State, chain: [UInt64]?, thread: Int32)
    {
        let from = max(start, launchStartNs)
        let to = min(end, endNs)
        guard to > from else { return }
        guard samples.count < sampleLimit else {
            dropped += 1
            return
        }
        let stack = chain.flatMap { $0.isEmpty ? nil : intern($0.map(Address.init)) }
        samples.append(
            ProfileSample(
                startNs: from - launchStartNs, durationNs: to - from, state: state, stack: stack,
                thread: mainThreads.contains(thread) ? nil : thread))
    }

    private mutating func intern(_ stack: [Address]) -> Int {
        if let index = stackIndex[stack] { return index }
        stacks.append(stack)
        stackIndex[stack] = stacks.count - 1
        return stacks.count - 1
    }

    /// The profile, samples in time order.
    func build(offCPUStacks: Bool) -> LaunchProfile {
        LaunchProfile(
            source: .perf, samplePeriodNs: samplePeriodNs, offCPUStacks: offCPUStacks, stacks: stacks,
            samples: samples.sorted { ($0.startNs, $0.thread ?? 0) < ($1.startNs, $1.thread ?? 0) }, images: images,
            lostRecords: lost, droppedSamples: dropped,
            threads: threads.threads(mainThreads: mainThreads, launchStartNs: launchStartNs)
        )
    }
}

extension PerfRecord {
    /// When the record happened, for the records that say.
    var timeNs: Int64? {
        switch self {
        case .sample(let sample): sample.timeNs
        case .switchOut(_, let time, _), .switchIn(_, let time), .fork(_, _, let time), .exit(_, let time),
            .name(_, _, let time):
            time
        case .executableMapping, .lost: nil
        }
    }
}
