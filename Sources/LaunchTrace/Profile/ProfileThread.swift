/// A thread the whole-launch profile followed: its kernel id, the process it belongs to, its
/// name and when it started and ended, from the kernel's task and name records.
package struct ProfileThread: Codable, Sendable, Equatable {
    /// The kernel's thread id (the process id for a process's first thread).
    package var id: Int32
    /// The process it belongs to: the launched program, or a process it started.
    package var process: Int32
    /// The thread's name when the launch ended (`NIO-ELT-0-#1`, or the program's name when
    /// the program never named it).
    package var name: String?
    /// The thread that created it, when the profile saw it being created.
    package var parent: Int32?
    /// When it was created, in nanoseconds since the launch started.
    package var startNs: Int64?
    /// When it exited, in nanoseconds since the launch started, if it did during the launch.
    package var endNs: Int64?

    /// Creates a thread.
    package init(
        id: Int32, process: Int32, name: String? = nil, parent: Int32? = nil, startNs: Int64? = nil,
        endNs: Int64? = nil
    ) {
        self.id = id
        self.process = process
        self.name = name
        self.parent = parent
        self.startNs = startNs
        self.endNs = endNs
    }

    /// Whether it is its process's first thread (the one that runs `main`).
    package var isFirstThread: Bool { id == process }
}
