/// The tracks (thread ids) of one launch in a Chrome trace.
package enum ChromeTrack: Int, Sendable, CaseIterable {
    /// Phases, with the app's main-thread spans nested inside, and marks.
    case mainThread = 1
    /// Main-thread spans that do not nest inside their phase or parent (so the main track stays
    /// well nested).
    case overlappingSpans = 2
    /// Blocking calls the tracer timed.
    case blockingCalls = 3
    /// Stalls and the stack samples taken during them.
    case stalls = 4
    /// Spans measured off the main thread.
    case otherThreads = 5

    /// The track's name (`thread_name` metadata).
    package var title: String {
        switch self {
        case .mainThread: "main thread: phases and spans"
        case .overlappingSpans: "main thread: overlapping spans"
        case .blockingCalls: "main thread: blocking calls"
        case .stalls: "main thread: stalls and samples"
        case .otherThreads: "other threads: spans"
        }
    }
}
