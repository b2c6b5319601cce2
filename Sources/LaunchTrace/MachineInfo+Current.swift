import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension MachineInfo {
    /// The machine this process runs on, read from `/proc` and `uname` once per process (never
    /// inside a measured phase: the probe calls it when it writes a trace, the runner after its
    /// first launch; read again for every launch it was 6 % of a long run's CPU).
    package static func current() -> MachineInfo { thisMachine }

    private static let thisMachine = read()

    private static func read() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memoryKiB =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int64($0) } ?? 0
        return MachineInfo(
            cpuModel: model,
            logicalCores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            kernel: release,
            memoryBytes: memoryKiB * 1024,
            hostname: ProcessInfo.processInfo.hostName
        )
    }
}
