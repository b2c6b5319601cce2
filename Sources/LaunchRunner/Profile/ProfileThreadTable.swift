import LaunchTrace

/// The threads perf's records mention, with their names, creators and lifetimes.
struct ProfileThreadTable {
    private struct Entry {
        var thread: PerfThread
        var name: String?
        var parent: Int32?
        var startNs: Int64?
        var endNs: Int64?
    }

    private var entries: [Int32: Entry] = [:]
    private var order: [Int32] = []

    /// Notes a thread seen in a sample or a switch record.
    mutating func saw(_ thread: PerfThread) {
        guard entries[thread.id] == nil else { return }
        entries[thread.id] = Entry(thread: thread)
        order.append(thread.id)
    }

    /// A thread created by `parent`; it carries its creator's name until it takes one of its own.
    mutating func fork(_ thread: PerfThread, parent: PerfThread, atNs time: Int64) {
        saw(thread)
        entries[thread.id]?.parent = parent.id
        entries[thread.id]?.startNs = time
        let inherited = entries[parent.id]?.name
        if entries[thread.id]?.name == nil { entries[thread.id]?.name = inherited }
    }

    /// A thread that exited.
    mutating func exit(_ thread: PerfThread, atNs time: Int64) {
        saw(thread)
        entries[thread.id]?.endNs = time
    }

    /// A thread's new name.
    mutating func name(_ thread: PerfThread, _ name: String) {
        saw(thread)
        entries[thread.id]?.name = name
    }

    /// When `thread` exited, if it did.
    func exitNs(of thread: Int32) -> Int64? { entries[thread]?.endNs }

    /// The threads, the main thread first, then in the order they were first seen; times relative
    /// to the launch's start.
    func threads(mainThreads: Set<Int32>, launchStartNs: Int64) -> [ProfileThread] {
        let ids = order.filter { mainThreads.contains($0) } + order.filter { !mainThreads.contains($0) }
        return ids.compactMap { id in
            guard let entry = entries[id] else { return nil }
            return ProfileThread(
                id: id, process: entry.thread.process, name: entry.name, parent: entry.parent,
                startNs: entry.startNs.map { max(0, $0 - launchStartNs) },
                endNs: entry.endNs.map { max(0, $0 - launchStartNs) })
        }
    }
}
