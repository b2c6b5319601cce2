/// What to do about a finding: an action, the queue's quality of service, one sentence and
/// a concrete rewrite.
public struct Advice: Codable, Sendable, Equatable {
    /// The kind of change suggested.
    public enum Action: String, Codable, Sendable, CaseIterable {
        /// Run the work on a global queue.
        case moveToBackground
        /// The work touches UI objects and must stay on the main queue: run it after the
        /// first frame instead.
        case deferUntilAfterFirstFrame
        /// Do not sleep or wait on the main thread: continue from a completion handler or an
        /// async API.
        case useAsynchronousAPI
        /// Replace the blocking wait on a lock or semaphore with a callback.
        case replaceBlockingWait
    }

    /// The kind of change.
    public var action: Action
    /// The quality of service of the global queue suggested (`utility`, `userInitiated`), if any.
    public var qos: String?
    /// One sentence for reports.
    public var summary: String
    /// Code to write instead, e.g. `DispatchQueue.global(qos: .utility).async { CatalogStore.shared.load() }`.
    public var rewrite: String

    /// Creates advice.
    public init(action: Action, qos: String?, summary: String, rewrite: String) {
        self.action = action
        self.qos = qos
        self.summary = summary
        self.rewrite = rewrite
    }
}
