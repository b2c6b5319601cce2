import LaunchTrace

/// Turns the raw addresses of a launch's main-thread stacks into the frames reports show.
///
/// Renderers never symbolicate themselves: they are given a naming, so a test can inject a
/// fixed symbol map and the CLI can use the symbolicator.
///
/// ```swift
/// var naming = ImageOffsetNaming()
/// let frame = naming.frame(for: address, isReturnAddress: true, images: activity.images)
/// ```
package protocol FrameNaming {
    /// The frame for `address` in a launch whose mapped images are `images`.
    /// `isReturnAddress` is true for every frame but an interrupted instruction.
    mutating func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame
}
