import LaunchTrace

/// Names a frame by its image and offset (`SampleApp+0x2f10`), or by the raw address when no
/// image of the launch contains it: what reports show until symbols are resolved. Every frame in
/// code generated at run time is `JIT code`.
package struct ImageOffsetNaming: FrameNaming, Sendable {
    /// Creates the naming.
    package init() {}

    /// `image+0xoffset`, with the offset from the image's load address, or `0x…`.
    package func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame {
        Self.frame(for: address, images: images)
    }

    /// `image+0xoffset`, with the offset from the image's load address, or `0x…`.
    package static func frame(for address: Address, images: [LoadedImage]) -> ProfileFrame {
        guard let image = images.first(where: { $0.contains(address) }) else {
            return ProfileFrame(name: address.description)
        }
        // Generated code's addresses mean nothing after the launch: one frame for all of it.
        if image.isGeneratedCode { return ProfileFrame(name: LoadedImage.generatedCodeName) }
        let name = image.path.split(separator: "/").last.map(String.init) ?? image.path
        let offset = address.value &- image.loadAddress.value
        return ProfileFrame(name: "\(name)+0x\(String(offset, radix: 16))", file: image.path)
    }
}
