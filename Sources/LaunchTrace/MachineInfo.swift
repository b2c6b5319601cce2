/// The machine a launch ran on, so results from different machines are not mixed up.
public struct MachineInfo: Codable, Sendable, Equatable {
    /// CPU model name from `/proc/cpuinfo`.
    public var cpuModel: String
    /// Online logical CPUs.
    public var logicalCores: Int
    /// Kernel release (`uname -r`).
    public var kernel: String
    /// Total physical memory in bytes.
    public var memoryBytes: Int64
    /// Host name.
    public var hostname: String

    /// Creates a machine description.
    public init(cpuModel: String, logicalCores: Int, kernel: String, memoryBytes: Int64, hostname: String) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.kernel = kernel
        self.memoryBytes = memoryBytes
        self.hostname = hostname
    }
}
