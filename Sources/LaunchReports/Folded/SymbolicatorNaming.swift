import LaunchAnalysis
import LaunchSymbolication
import LaunchTrace

/// Names frames with the ``LaunchAnalysis/Symbolicator``: simplified function names, with
/// file:line when the image has debug information, else `image+0xoffset`.
///
/// ```swift
/// var naming = SymbolicatorNaming(symbolicator: Symbolicator())
/// let profile = MainThreadProfile(trace: trace, naming: &naming)
/// ```
public struct SymbolicatorNaming: FrameNaming {
    /// The symbolicator, shared so that its caches serve every launch of a run.
    public let symbolicator: Symbolicator
    private var images: [LoadedImage] = []
    private var map = ImageMap([])

    /// Creates a naming that resolves through `symbolicator`.
    public init(symbolicator: Symbolicator) {
        self.symbolicator = symbolicator
    }

    /// Resolves every stack address of `traces` (the whole-launch profile's and the main
    /// thread's) and then their file:line in one symbolizer pass per image, so the frames named
    /// afterwards carry source locations.
    public mutating func resolveSources(of traces: [LaunchTrace]) {
        for trace in traces {
            let images = trace.stackImages
            var addresses: [Address] = trace.wholeLaunchProfile?.stacks.flatMap { $0 } ?? []
            if let activity = trace.mainThread {
                addresses += activity.blockingCalls.flatMap(\.stack)
                addresses += activity.stalls.flatMap { $0.samples.flatMap(\.frames) }
            }
            for address in Set(addresses) { _ = frame(for: address, isReturnAddress: true, images: images) }
        }
        symbolicator.locateSources()
    }

    /// The symbolicated frame as reports show it.
    public mutating func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame {
        if images != self.images {
            self.images = images
            map = ImageMap(images)
        }
        let frame = symbolicator.symbolicate(address, in: map, isReturnAddress: isReturnAddress)
        if frame.symbol == nil { return ImageOffsetNaming.frame(for: address, images: images) }
        return ProfileFrame(name: frame.displayName, file: frame.location?.file, line: frame.location?.line)
    }
}
