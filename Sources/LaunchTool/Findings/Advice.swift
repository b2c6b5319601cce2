/// What to do about a finding: an action, the queue's quality of service, one sentence and
/// a concrete rewrite.
package struct Advice: Codable, Sendable, Equatable {
    /// The kind of change suggested.
    package enum Action: String, Codable, Sendable, CaseIterable {
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
        /// A program's work that readiness waited for: do it after the program is ready, on
        /// first use, or only the part readiness needs.
        case deferUntilReady
        /// A dependency's own work, with no call of the program's on the stack: nothing to
        /// rewrite; see what the package lets the program configure.
        case reviewDependency
        /// Code that is not Swift (C, or a program written in another language): no rewrite applies.
        case noRewrite
    }

    /// The kind of change.
    package var action: Action
    /// The quality of service of the global queue suggested (`utility`, `userInitiated`), if any.
    package var qos: String?
    /// One sentence for reports.
    package var summary: String
    /// Code to write instead, e.g. `DispatchQueue.global(qos: .utility).async { CatalogStore.shared.load() }`;
    /// empty when no rewrite applies (the finding says why in ``summary``).
    package var rewrite: String

    /// Creates advice.
    package init(action: Action, qos: String?, summary: String, rewrite: String) {
        self.action = action
        self.qos = qos
        self.summary = summary
        self.rewrite = rewrite
    }
}
