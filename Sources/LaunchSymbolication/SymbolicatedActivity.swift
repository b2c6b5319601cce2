/// The stacks of one launch's main-thread activity, symbolicated, in the same order as
/// ``LaunchTrace/MainThreadActivity``: for reports that show every stack (HTML, flame graphs).
package struct SymbolicatedActivity: Codable, Sendable, Equatable {
    /// One stack per blocking call, innermost first.
    package var blockingCalls: [[SymbolicatedFrame]]
    /// Per stall, one stack per sample, innermost first.
    package var stalls: [[[SymbolicatedFrame]]]

    /// Creates symbolicated activity.
    package init(blockingCalls: [[SymbolicatedFrame]], stalls: [[[SymbolicatedFrame]]]) {
        self.blockingCalls = blockingCalls
        self.stalls = stalls
    }
}
