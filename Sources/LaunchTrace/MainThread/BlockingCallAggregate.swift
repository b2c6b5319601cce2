/// The main thread's calls under the tracer's threshold from one call site into one function,
/// in aggregate: 4,096 reads of 64 KiB from one function, each too short to record on its own,
/// are one aggregate with the function's stack, the file, the count, the bytes and the time.
package struct BlockingCallAggregate: Codable, Sendable, Equatable {
    /// The libc function called (`read`, `stat`, `pthread_mutex_lock`, …).
    package var function: String
    /// What kind of blocking the calls are.
    package var kind: BlockingKind
    /// How many calls.
    package var count: Int
    /// Their time in all, in nanoseconds.
    package var totalNs: Int64
    /// Bytes transferred by the calls that succeeded, for reads, writes, sends and receives.
    package var bytes: Int64?
    /// The first call's resource (file, socket peer, path).
    package var resource: String?
    /// Whether later calls named other resources than the first.
    package var variedResources: Bool
    /// When the first call started and the last one ended, in nanoseconds since the launch started.
    package var firstStartNs: Int64
    /// When the last call ended, in nanoseconds since the launch started.
    package var lastEndNs: Int64
    /// The phase the first call was made in.
    package var phase: LaunchPhase?
    /// The call site's stack at its first call: return addresses, innermost first.
    package var stack: [Address]

    /// Creates an aggregate.
    package init(
        function: String, kind: BlockingKind, count: Int, totalNs: Int64, bytes: Int64?, resource: String?,
        variedResources: Bool, firstStartNs: Int64, lastEndNs: Int64, phase: LaunchPhase?, stack: [Address]
    ) {
        self.function = function
        self.kind = kind
        self.count = count
        self.totalNs = totalNs
        self.bytes = bytes
        self.resource = resource
        self.variedResources = variedResources
        self.firstStartNs = firstStartNs
        self.lastEndNs = lastEndNs
        self.phase = phase
        self.stack = stack
    }
}
