/// The machine a launch ran on, so results from different machines are not mixed up.
package struct MachineInfo: Codable, Sendable, Equatable {
    /// CPU model name from `/proc/cpuinfo`.
    package var cpuModel: String
    /// Online logical CPUs.
    package var logicalCores: Int
    /// Kernel release (`uname -r`).
    package var kernel: String
    /// Total physical memory in bytes.
    package var memoryBytes: Int64
    /// Host name.
    package var hostname: String

    /// Creates a machine description.
    package init(cpuModel: String, logicalCores: Int, kernel: String, memoryBytes: Int64, hostname: String) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.kernel = kernel
        self.memoryBytes = memoryBytes
        self.hostname = hostname
    }
}
