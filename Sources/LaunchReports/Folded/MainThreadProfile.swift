import LaunchSymbolication
import LaunchTrace

/// The named main-thread stacks of one launch, ready for flame graphs: every stall sample and
/// every blocking call, weighted by the main-thread time it stands for.
///
/// A stall sample taken while the main thread was inside a traced blocking call stands for
/// that call, whose own record already carries its whole duration, so it is left out rather
/// than counted twice. Stall samples weigh the sampler's interval; blocking calls weigh their
/// duration. Every stack is rooted the same way (``LaunchSymbolication/StackRooting``: the
/// loader's and libc's start frames below `main` are trimmed). Frames are shared in ``frames`` and samples refer to them by index.
///
/// ```swift
/// var naming = ImageOffsetNaming()
/// let profile = MainThreadProfile(trace: trace, naming: &naming)
/// ```
public struct MainThreadProfile: Codable, Sendable, Equatable {
    /// The launch's index in its run (``LaunchTrace/LaunchTrace/runIndex``).
    public var runIndex: Int
    /// Distinct frames, in first-seen order.
    public var frames: [ProfileFrame]
    /// Samples in time order.
    public var samples: [ProfileSample]

    /// Creates a profile from its parts.
    public init(runIndex: Int, frames: [ProfileFrame], samples: [ProfileSample]) {
        self.runIndex = runIndex
        self.frames = frames
        self.samples = samples
    }

    /// Builds the profile of `trace`, naming frames with `naming`. A trace without
    /// main-thread activity gives an empty profile.
    public init(trace: LaunchTrace, runIndex: Int? = nil, naming: inout some FrameNaming) {
        self.runIndex = runIndex ?? trace.runIndex ?? 0
        frames = []
        samples = []
        guard let activity = trace.mainThread else { return }
        var index: [ProfileFrame: Int] = [:]
        func intern(_ frame: ProfileFrame) -> Int {
            if let existing = index[frame] { return existing }
            index[frame] = frames.count
            frames.append(frame)
            return frames.count - 1
        }
        func names(_ stack: [Address], firstIsExact: Bool) -> [Int] {
            let frames = stack.enumerated().reversed().map { position, address in
                naming.frame(for: address, isReturnAddress: !(firstIsExact && position == 0), images: activity.images)
            }
            return frames.dropFirst(StackRooting.startFrameCount(frames.map(\.name))).map(intern)
        }
        let interval = Int64(max(1, activity.sampler.intervalMs)) * 1_000_000
        for call in activity.blockingCalls {
            let stack = names(call.stack, firstIsExact: false) + [intern(ProfileFrame(name: Self.callFrameName(call)))]
            samples.append(
                ProfileSample(
                    source: .blockingCall, timeNs: call.startNs, weightNs: call.durationNs,
                    phase: call.phase ?? trace.phase(at: call.startNs), stack: stack
                ))
        }
        for stall in activity.stalls {
            for sample in stall.samples where sample.blockingCall == nil {
                samples.append(
                    ProfileSample(
                        source: .stallSample, timeNs: sample.timeNs, weightNs: interval,
                        phase: trace.phase(at: sample.timeNs) ?? stall.phase,
                        stack: names(sample.frames, firstIsExact: true)
                    ))
            }
        }
        samples.sort { ($0.timeNs, $0.source.rawValue) < ($1.timeNs, $1.source.rawValue) }
    }

    /// The leaf frame of a blocking call: `read() [fileIO]`.
    public static func callFrameName(_ call: BlockingCall) -> String {
        "\(call.function)() [\(call.kind.rawValue)]"
    }

    /// The names of a sample's stack, root first.
    public func names(of sample: ProfileSample) -> [String] {
        sample.stack.map { frames[$0].name }
    }
}

extension LaunchTrace {
    /// The phase running at `timeNs`, if any.
    func phase(at timeNs: Int64) -> LaunchPhase? {
        phases.first { timeNs >= $0.startNs && timeNs < $0.endNs }?.phase
    }
}
