/// Memory use of the process at the end of the launch.
public struct MemoryInfo: Codable, Sendable, Equatable {
    /// Peak resident set size (`VmHWM`), in bytes.
    public var peakResidentBytes: Int64
    /// Resident set size when the trace was written (`VmRSS`), in bytes.
    public var residentBytes: Int64

    /// Creates memory information.
    public init(peakResidentBytes: Int64, residentBytes: Int64) {
        self.peakResidentBytes = peakResidentBytes
        self.residentBytes = residentBytes
    }
}
