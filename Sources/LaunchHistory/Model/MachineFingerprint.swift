import LaunchTrace

/// The machine a run was made on, and its class: runs compare only within a class (same CPU
/// model, core count and memory, whatever the host name).
public struct MachineFingerprint: Codable, Sendable, Equatable {
    /// The class, `CPU model/cores/memory GiB` (e.g. `AMD EPYC 7B13/2c/24GiB`).
    public var machineClass: String
    /// The host's name.
    public var hostname: String
    /// The kernel release.
    public var kernel: String

    /// Creates a fingerprint.
    public init(machineClass: String, hostname: String, kernel: String) {
        self.machineClass = machineClass
        self.hostname = hostname
        self.kernel = kernel
    }

    /// The fingerprint of `machine`; `unknown` when the run recorded none.
    public init(_ machine: MachineInfo?) {
        guard let machine else {
            self.init(machineClass: "unknown", hostname: "unknown", kernel: "unknown")
            return
        }
        let gib = Int((Double(machine.memoryBytes) / 1_073_741_824).rounded())
        self.init(
            machineClass: "\(machine.cpuModel)/\(machine.logicalCores)c/\(gib)GiB",
            hostname: machine.hostname, kernel: machine.kernel
        )
    }
}
