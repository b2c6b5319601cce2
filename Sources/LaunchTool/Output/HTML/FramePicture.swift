import Foundation

/// The picture of one launch's first frame (`launch-NNN.frame.png` in the run folder), as the
/// HTML report shows it beside its time.
public struct FramePicture: Sendable, Equatable {
    /// The launch's index.
    public var launchIndex: Int
    /// Its time to first frame, in nanoseconds after the launch started.
    public var frameNs: Int64
    /// The PNG file's bytes.
    public var png: Data

    /// Creates a picture.
    public init(launchIndex: Int, frameNs: Int64, png: Data) {
        self.launchIndex = launchIndex
        self.frameNs = frameNs
        self.png = png
    }
}
