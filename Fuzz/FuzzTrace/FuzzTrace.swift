import Foundation
import LaunchRunner
import LaunchTool
import LaunchTrace

/// What the summary needs of a run folder's `launches.json` (LaunchTool's `RunManifest`,
/// whose fields are these values' own decoders): the run and its launch records.
struct ManifestRecords: Decodable {
    var info: RunInfo
    var launches: [LaunchRecord]
}

/// libFuzzer entry point: any bytes as a trace and as a run folder's `launches.json` (its run and
/// launch records), then (when both read) the summary of that launch. Readers may reject the
/// bytes with an error; nothing may crash, hang or trap.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer calls the entry point by this name.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let manifest = try? TraceJSON.decode(ManifestRecords.self, from: data, file: "launches.json")
    if let trace = try? LaunchTrace.decode(data, file: "fuzz.trace.json") {
        let records = manifest?.launches ?? []
        let info = manifest?.info ?? RunInfo(appPath: "fuzz", scenario: .warm, runs: 1, warmup: 0, date: "")
        // Few resamples: the statistics are not under test, the arithmetic on the values is.
        _ = RunSummary.build(info: info, records: records, traces: [trace], bootstrap: Bootstrap(resamples: 20))
    }
    return 0
}
