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

    /// Resolves every stack address of `traces` and then their file:line in one symbolizer
    /// pass per image, so the frames named afterwards carry source locations.
    public mutating func resolveSources(of traces: [LaunchTrace]) {
        for trace in traces {
            guard let activity = trace.mainThread else { continue }
            for call in activity.blockingCalls {
                for address in call.stack { _ = frame(for: address, isReturnAddress: true, images: activity.images) }
            }
            for stall in activity.stalls {
                for sample in stall.samples {
                    for address in sample.frames {
                        _ = frame(for: address, isReturnAddress: true, images: activity.images)
                    }
                }
            }
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
