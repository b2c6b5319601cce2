/// Memory use of the process at the end of the launch.
package struct MemoryInfo: Codable, Sendable, Equatable {
    /// Peak resident set size (`VmHWM`), in bytes.
    package var peakResidentBytes: Int64
    /// Resident set size when the trace was written (`VmRSS`), in bytes.
    package var residentBytes: Int64

    /// Creates memory information.
    package init(peakResidentBytes: Int64, residentBytes: Int64) {
        self.peakResidentBytes = peakResidentBytes
        self.residentBytes = residentBytes
    }
}
