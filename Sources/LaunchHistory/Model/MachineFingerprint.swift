import LaunchTrace

/// The machine a run was made on, and its class: runs compare only within a class (same CPU
/// model, core count and memory, whatever the host name).
package struct MachineFingerprint: Codable, Sendable, Equatable {
    /// The class, `CPU model/cores/memory GiB` (e.g. `AMD EPYC 7B13/2c/24GiB`).
    package var machineClass: String
    /// The host's name.
    package var hostname: String
    /// The kernel release.
    package var kernel: String

    /// Creates a fingerprint.
    package init(machineClass: String, hostname: String, kernel: String) {
        self.machineClass = machineClass
        self.hostname = hostname
        self.kernel = kernel
    }

    /// The fingerprint of `machine`; `unknown` when the run recorded none.
    package init(_ machine: MachineInfo?) {
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
