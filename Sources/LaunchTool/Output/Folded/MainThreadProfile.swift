import LaunchTrace

/// The named stacks of one launch, ready for flame graphs: where the time of every thread the
/// launch profiled went, each stack weighted by the thread time it stands for.
///
/// With the runner's whole-launch profile (``LaunchTrace/LaunchProfile`` from perf events, the
/// default), the samples are its on-CPU samples (each weighs the sampling period) and blocked
/// spans (each weighs its duration and ends in a `[blocked]` frame), of the main thread and of
/// every other thread, each charged to the phase it was taken in: an on-CPU sample to the phase
/// in which its period ended, a blocked span to the phase in which it began. Runnable spans
/// (ready to run, waiting for a CPU) are left out: that time is the machine's, not the
/// program's, as in the findings. Blocking calls the preloaded tracer timed are kept as they
/// are (each weighs its duration and ends in a frame such as `read() [fileIO]`); a main-thread
/// span of the profile taken inside one of them is left out rather than counted twice.
///
/// Without the whole-launch profile (perf events not permitted, or `--profile off`), the main
/// thread's stall samples stand in (each weighs the sampler's interval); a stall sample taken
/// inside a traced call is left out for the same reason.
///
/// Every stack is rooted the same way (``LaunchSymbolication/StackRooting``: the loader's and
/// libc's start frames below `main` are trimmed), and every sample names its thread
/// (``WeightedStack/threadName``), which renderers put above the stack so that a flame graph
/// splits by thread. Frames are shared in ``frames`` and samples refer to them by index.
///
/// ```swift
/// var naming = ImageOffsetNaming()
/// let profile = MainThreadProfile(trace: trace, naming: &naming)
/// ```
package struct MainThreadProfile: Codable, Sendable, Equatable {
    /// The launch's index in its run (``LaunchTrace/LaunchTrace/runIndex``).
    package var runIndex: Int
    /// Distinct frames, in first-seen order.
    package var frames: [ProfileFrame]
    /// Samples in time order.
    package var samples: [WeightedStack]

    /// Creates a profile from its parts.
    package init(runIndex: Int, frames: [ProfileFrame], samples: [WeightedStack]) {
        self.runIndex = runIndex
        self.frames = frames
        self.samples = samples
    }

    /// Builds the profile of `trace`, naming frames with `naming`. A trace with neither a
    /// whole-launch profile nor main-thread activity gives an empty profile.
    package init(trace: LaunchTrace, runIndex: Int? = nil, naming: inout some FrameNaming) {
        self.runIndex = runIndex ?? trace.runIndex ?? 0
        var namer = StackNamer(naming: naming, images: trace.stackImages)
        var samples = trace.mainThread.map { Self.blockingCallSamples($0, in: trace, namer: &namer) } ?? []
        if let profile = trace.wholeLaunchProfile {
            samples += Self.wholeLaunchSamples(profile, in: trace, namer: &namer)
        } else if let activity = trace.mainThread {
            samples += Self.stallSamples(activity, in: trace, namer: &namer)
        }
        samples.sort {
            ($0.timeNs, $0.source.rawValue, $0.thread ?? -1) < ($1.timeNs, $1.source.rawValue, $1.thread ?? -1)
        }
        naming = namer.naming
        frames = namer.frames
        self.samples = samples
    }

    /// The tracer's blocking calls, each ending with a frame naming the call.
    static func blockingCallSamples<Naming>(
        _ activity: MainThreadActivity, in trace: LaunchTrace, namer: inout StackNamer<Naming>
    ) -> [WeightedStack] {
        activity.blockingCalls.map { call in
            let stack =
                namer.stack(call.stack, firstIsExact: false) + [
                    namer.intern(ProfileFrame(name: Self.callFrameName(call)))
                ]
            return WeightedStack(
                source: .blockingCall, timeNs: call.startNs, weightNs: call.durationNs,
                phase: call.phase ?? trace.phase(at: call.startNs), stack: stack)
        }
    }

    /// The stall sampler's samples, but those taken inside a traced call.
    static func stallSamples<Naming>(
        _ activity: MainThreadActivity, in trace: LaunchTrace, namer: inout StackNamer<Naming>
    ) -> [WeightedStack] {
        let interval = Int64(max(1, activity.sampler.intervalMs)) * 1_000_000
        return activity.stalls.flatMap { stall in
            stall.samples.filter { $0.blockingCall == nil }.map { sample in
                WeightedStack(
                    source: .stallSample, timeNs: sample.timeNs, weightNs: interval,
                    phase: trace.phase(at: sample.timeNs) ?? stall.phase,
                    stack: namer.stack(sample.frames, firstIsExact: true))
            }
        }
    }

    /// The leaf frame of a blocking call: `read() [fileIO]`.
    package static func callFrameName(_ call: BlockingCall) -> String {
        "\(call.function)() [\(call.kind.rawValue)]"
    }

    /// The names of a sample's stack, root first (without its thread's frame).
    package func names(of sample: WeightedStack) -> [String] {
        sample.stack.map { frames[$0].name }
    }

    /// The names of a sample's stack under its thread's frame: `main thread`, `main`, ….
    package func rootedNames(of sample: WeightedStack) -> [String] {
        [sample.threadName] + names(of: sample)
    }

    /// The threads' root frames, the main thread's first, then in the order of their first
    /// sample.
    package var threadNames: [String] {
        var seen: Set<String> = []
        let ordered = samples.map(\.threadName).filter { seen.insert($0).inserted }
        return ordered.filter { $0 == WeightedStack.mainThreadName }
            + ordered.filter { $0 != WeightedStack.mainThreadName }
    }
}

extension LaunchTrace {
    /// The phase running at `timeNs`, if any.
    func phase(at timeNs: Int64) -> LaunchPhase? {
        phases.first { timeNs >= $0.startNs && timeNs < $0.endNs }?.phase
    }

    /// The whole-launch profile when perf events took it and it has samples.
    var wholeLaunchProfile: LaunchProfile? {
        guard let profile, profile.source == .perf, !profile.samples.isEmpty else { return nil }
        return profile
    }

    /// The images the launch's stacks are resolved in: the program's own image map, then the
    /// mappings the whole-launch profile saw that it lacks (as the findings do).
    var stackImages: [LoadedImage] {
        let own = mainThread?.images ?? []
        let known = Set(own.map(\.textStart))
        return own + (profile?.images ?? []).filter { !known.contains($0.textStart) }
    }
}
