/// The result of ``SymbolicationBenchmark/run(addresses:images:)``.
public struct SymbolicationThroughput: Codable, Sendable, Equatable {
    /// Unique addresses resolved.
    public var frames: Int
    /// Frames that got a function name.
    public var namedFrames: Int
    /// Images whose symbol tables were loaded before timing.
    public var images: Int
    /// Wall time of the resolution, in seconds (symbol tables already loaded).
    public var seconds: Double

    /// Creates a result.
    public init(frames: Int, namedFrames: Int, images: Int, seconds: Double) {
        self.frames = frames
        self.namedFrames = namedFrames
        self.images = images
        self.seconds = seconds
    }

    /// Frames per second.
    public var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}
