import LaunchTrace

/// Another program that used the CPUs while a run's launches ran: when the launches waited for a
/// CPU, these held them. An estimate from `/proc` (``LaunchTrace/otherProcesses``): their CPU
/// time in each launch's window, not exactly while the launch waited.
package struct OtherProgram: Codable, Sendable, Equatable {
    /// Its name (`comm`).
    package var name: String
    /// The most processes of that name in one launch's window.
    package var processes: Int
    /// The median CPU time per launch it ran in, in nanoseconds.
    package var medianCPUNs: Double
    /// The launches it ran in.
    package var launches: Int

    /// Creates a record.
    package init(name: String, processes: Int, medianCPUNs: Double, launches: Int) {
        self.name = name
        self.processes = processes
        self.medianCPUNs = medianCPUNs
        self.launches = launches
    }

    /// The programs over `traces`, at least a millisecond per launch, largest first (nil when no
    /// launch recorded any).
    package static func of(_ traces: [LaunchTrace]) -> [OtherProgram]? {
        let recorded = traces.compactMap(\.otherProcesses)
        guard !recorded.isEmpty else { return nil }
        var times: [String: [Double]] = [:]
        var processes: [String: Int] = [:]
        for launch in recorded {
            for other in launch {
                times[other.name, default: []].append(Double(other.cpuNs))
                processes[other.name] = max(processes[other.name] ?? 0, other.processes)
            }
        }
        return times.map { name, values in
            OtherProgram(
                name: name, processes: processes[name] ?? 1, medianCPUNs: Descriptive.median(values),
                launches: values.count)
        }
        .filter { $0.medianCPUNs >= 1_000_000 }
        .sorted { ($0.medianCPUNs, $1.name) > ($1.medianCPUNs, $0.name) }
    }
}
