import LaunchSymbolication
import LaunchTrace

/// Names frames with the ``LaunchSymbolication/Symbolicator``: simplified function names, with
/// file:line when the image has debug information, else `image+0xoffset`.
///
/// ```swift
/// var naming = SymbolicatorNaming(symbolicator: Symbolicator())
/// let profile = MainThreadProfile(trace: trace, naming: &naming)
/// ```
package struct SymbolicatorNaming: FrameNaming {
    /// The symbolicator, shared so that its caches serve every launch of a run.
    package let symbolicator: Symbolicator
    private var images: [LoadedImage] = []
    private var map = ImageMap([])
    /// The frames named so far for the current images, by address and whether it is a return
    /// address: a launch's samples repeat the same few thousand addresses (naming each again
    /// was most of the time SampleApp's report took to build its profiles).
    private var named: [NamedKey: ProfileFrame] = [:]

    private struct NamedKey: Hashable {
        let address: Address
        let isReturnAddress: Bool
    }

    /// Creates a naming that resolves through `symbolicator`.
    package init(symbolicator: Symbolicator) {
        self.symbolicator = symbolicator
    }

    /// Resolves every stack address of `traces` (the whole-launch profile's and the main
    /// thread's) and then their file:line in one symbolizer pass per image, so the frames named
    /// afterwards carry source locations.
    package mutating func resolveSources(of traces: [LaunchTrace]) {
        for trace in traces {
            let images = trace.stackImages
            // Looked up as the reports name them: a sample's first frame is the interrupted
            // instruction, every other frame a return address.
            var stacks: [(stack: [Address], firstIsExact: Bool)] =
                trace.wholeLaunchProfile?.stacks.map { ($0, true) } ?? []
            if let activity = trace.mainThread {
                stacks += activity.blockingCalls.map { ($0.stack, false) }
                stacks += activity.stalls.flatMap { $0.samples.map { ($0.frames, true) } }
            }
            var seen: Set<[Address]> = []
            for (stack, firstIsExact) in stacks where seen.insert(stack).inserted {
                for (index, address) in stack.enumerated() {
                    _ = frame(for: address, isReturnAddress: !(firstIsExact && index == 0), images: images)
                }
            }
        }
        symbolicator.locateSources()
        named = [:]  // named before their file:line was known
    }

    /// The symbolicated frame as reports show it.
    package mutating func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame {
        if images != self.images {
            self.images = images
            map = ImageMap(images)
            named = [:]
        }
        let key = NamedKey(address: address, isReturnAddress: isReturnAddress)
        if let known = named[key] { return known }
        let frame = symbolicator.symbolicate(address, in: map, isReturnAddress: isReturnAddress)
        let profileFrame =
            frame.symbol == nil
            ? ImageOffsetNaming.frame(for: address, images: images)
            : ProfileFrame(name: frame.displayName, file: frame.location?.file, line: frame.location?.line)
        named[key] = profileFrame
        return profileFrame
    }
}
