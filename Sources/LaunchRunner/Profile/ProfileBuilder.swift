import LaunchTrace

/// Turns perf records into a ``LaunchProfile``: cpu-clock samples become on-CPU spans, and each
/// switch-out/switch-in pair becomes a blocked (voluntary) or runnable (preempted) span charged to
/// the stack sampled at the switch-out.
struct ProfileBuilder {
    let launchStartNs: Int64
    let endNs: Int64
    let samplePeriodNs: Int64
    let sampleLimit: Int
    private var images: [LoadedImage] = []
    private var stackIndex: [[Address]: Int] = [:]
    private var stacks: [[Address]] = []
    private var samples: [ProfileSample] = []
    private var lost = 0
    private var dropped = 0

    init(launchStartNs: Int64, endNs: Int64, samplePeriodNs: Int64, sampleLimit: Int) {
        self.launchStartNs = launchStartNs
        self.endNs = endNs
        self.samplePeriodNs = samplePeriodNs
        self.sampleLimit = sampleLimit
    }

    /// Adds the records of both rings. Mappings come first, so that stacks can be repaired.
    mutating func add(cpu: [PerfRecord], switches: [PerfRecord]) {
        var mappings: [CallSiteValidator.Mapping] = []
        for case .executableMapping(let start, let length, let offset, let path) in cpu {
            mappings.append(
                .init(start: start, end: start &+ length, fileOffset: offset, path: path.hasPrefix("/") ? path : nil))
            guard path.hasPrefix("/") else { continue }
            images.append(
                LoadedImage(
                    path: path, loadAddress: Address(start &- offset), textStart: Address(start),
                    textEnd: Address(start &+ length), buildID: nil
                ))
        }
        let repair = LeafCallerRepair(validator: CallSiteValidator(mappings: mappings))
        for record in cpu {
            switch record {
            case .sample(let sample):
                let start = sample.timeNs - Int64(clamping: sample.period)
                append(start: start, end: sample.timeNs, state: .onCPU, chain: repair.chain(of: sample))
            case .lost(let count): lost += count
            default: break
            }
        }
        addSwitches(switches, repair: repair)
    }

    private mutating func addSwitches(_ records: [PerfRecord], repair: LeafCallerRepair) {
        var lastSample: PerfSample?
        var out: (timeNs: Int64, preempted: Bool, chain: [UInt64]?)?
        for record in records {
            switch record {
            case .sample(let sample): lastSample = sample
            case .switchOut(let time, let preempted):
                let chain = lastSample.flatMap { time - $0.timeNs < 1_000_000 ? repair.chain(of: $0) : nil }
                out = (time, preempted, chain)
                lastSample = nil
            case .switchIn(let time):
                if let open = out {
                    append(
                        start: open.timeNs, end: time, state: open.preempted ? .runnable : .blocked, chain: open.chain)
                }
                out = nil
            case .lost(let count): lost += count
            default: break
            }
        }
        if let open = out {
            append(start: open.timeNs, end: endNs, state: open.preempted ? .runnable : .blocked, chain: open.chain)
        }
    }

    private mutating func append(start: Int64, end: Int64, state: ProfileSample.State, chain: [UInt64]?) {
        let from = max(start, launchStartNs)
        let to = min(end, endNs)
        guard to > from else { return }
        guard samples.count < sampleLimit else {
            dropped += 1
            return
        }
        let stack = chain.flatMap { $0.isEmpty ? nil : intern($0.map(Address.init)) }
        samples.append(ProfileSample(startNs: from - launchStartNs, durationNs: to - from, state: state, stack: stack))
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
            samples: samples.sorted { $0.startNs < $1.startNs }, images: images, lostRecords: lost,
            droppedSamples: dropped
        )
    }
}
