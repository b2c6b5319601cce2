import Foundation

/// The picture of one launch's first frame (`launch-NNN.frame.png` in the run folder), as the
/// HTML report shows it beside its time.
package struct FramePicture: Sendable, Equatable {
    /// The launch's index.
    package var launchIndex: Int
    /// Its time to first frame, in nanoseconds after the launch started.
    package var frameNs: Int64
    /// The PNG file's bytes.
    package var png: Data

    /// Creates a picture.
    package init(launchIndex: Int, frameNs: Int64, png: Data) {
        self.launchIndex = launchIndex
        self.frameNs = frameNs
        self.png = png
    }
}
