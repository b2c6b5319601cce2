/// The result of ``SymbolicationBenchmark/run(addresses:images:)``.
struct SymbolicationThroughput: Codable, Sendable, Equatable {
    /// Unique addresses resolved.
    var frames: Int
    /// Frames that got a function name.
    var namedFrames: Int
    /// Images whose symbol tables were loaded before timing.
    var images: Int
    /// Wall time of the resolution, in seconds (symbol tables already loaded).
    var seconds: Double

    /// Creates a result.
    init(frames: Int, namedFrames: Int, images: Int, seconds: Double) {
        self.frames = frames
        self.namedFrames = namedFrames
        self.images = images
        self.seconds = seconds
    }

    /// Frames per second.
    var framesPerSecond: Double { seconds > 0 ? Double(frames) / seconds : 0 }
}
