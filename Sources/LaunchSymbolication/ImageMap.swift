import LaunchTrace

/// The images of one launch sorted by address, to find the image of an address quickly.
package struct ImageMap: Sendable, Equatable {
    /// The images, sorted by ``LaunchTrace/LoadedImage/textStart``.
    package private(set) var images: [LoadedImage]

    /// Creates a map of `images`.
    package init(_ images: [LoadedImage]) {
        self.images = images.sorted { $0.textStart < $1.textStart }
    }

    /// The image whose executable segments contain `address`.
    package func image(containing address: Address) -> LoadedImage? {
        var low = 0
        var high = images.count
        while low < high {
            let middle = (low + high) / 2
            if images[middle].textStart <= address { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        // Overlapping ranges are rare; look back a little for an image that contains it.
        while index >= 0 && index >= low - 4 {
            if images[index].contains(address) { return images[index] }
            index -= 1
        }
        return nil
    }
}
