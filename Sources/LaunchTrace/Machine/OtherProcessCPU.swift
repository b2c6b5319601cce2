/// CPU time another program used while a launch ran: an estimate from `/proc/<pid>/stat`
/// (`utime + stime`, in clock ticks of 10 ms) read at the launch's start and end, for every
/// process that was neither the launch's own (the launched process and its descendants) nor the
/// runner. It says who held the CPUs in the launch's window, not exactly while the launch waited.
package struct OtherProcessCPU: Codable, Sendable, Equatable {
    /// The program's name (`comm`: the first 15 bytes of its file name).
    package var name: String
    /// How many processes of that name ran in the window.
    package var processes: Int
    /// Their CPU time in the window, in nanoseconds.
    package var cpuNs: Int64

    /// Creates a record.
    package init(name: String, processes: Int, cpuNs: Int64) {
        self.name = name
        self.processes = processes
        self.cpuNs = cpuNs
    }
}
