/// The stacks of one launch's main-thread activity, symbolicated, in the same order as
/// ``LaunchTrace/MainThreadActivity``: for reports that show every stack (HTML, flame graphs).
public struct SymbolicatedActivity: Codable, Sendable, Equatable {
    /// One stack per blocking call, innermost first.
    public var blockingCalls: [[SymbolicatedFrame]]
    /// Per stall, one stack per sample, innermost first.
    public var stalls: [[[SymbolicatedFrame]]]

    /// Creates symbolicated activity.
    public init(blockingCalls: [[SymbolicatedFrame]], stalls: [[[SymbolicatedFrame]]]) {
        self.blockingCalls = blockingCalls
        self.stalls = stalls
    }
}
