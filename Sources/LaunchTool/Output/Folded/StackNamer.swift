import LaunchSymbolication
import LaunchTrace

/// Names the raw stacks of one launch for a ``MainThreadProfile``: each address through the
/// ``FrameNaming``, the start frames below `main` trimmed (``LaunchSymbolication/StackRooting``),
/// every distinct frame kept once in first-seen order.
struct StackNamer<Naming: FrameNaming> {
    /// The naming, handed back to the caller when the profile is built.
    var naming: Naming
    /// The images the launch's addresses are resolved in.
    let images: [LoadedImage]
    /// Distinct frames, in first-seen order.
    private(set) var frames: [ProfileFrame] = []
    private var index: [ProfileFrame: Int] = [:]

    init(naming: Naming, images: [LoadedImage]) {
        self.naming = naming
        self.images = images
    }

    /// The index of `frame` in ``frames``, added when new.
    mutating func intern(_ frame: ProfileFrame) -> Int {
        if let existing = index[frame] { return existing }
        index[frame] = frames.count
        frames.append(frame)
        return frames.count - 1
    }

    /// The frames of `stack` (innermost first), root first and rooted; `firstIsExact`: the
    /// innermost address is an interrupted instruction, not a return address.
    mutating func stack(_ stack: [Address], firstIsExact: Bool) -> [Int] {
        let named = stack.enumerated().reversed().map { position, address in
            naming.frame(for: address, isReturnAddress: !(firstIsExact && position == 0), images: images)
        }
        return named.dropFirst(StackRooting.startFrameCount(named.map(\.name))).map { intern($0) }
    }
}
