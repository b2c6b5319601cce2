import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTool
import LaunchTrace

/// The hand-written main-thread activity of Fixtures/findings/activity.json and the synthetic
/// symbol tables of Fixtures/findings/symbols.json.
enum FindingsFixture {
    struct Symbols: Decodable {
        var images: [String: [[String]]]
    }

    static func activity() throws -> MainThreadActivity {
        try JSONDecoder().decode(MainThreadActivity.self, from: Fixtures.data("findings/activity.json"))
    }

    /// A symbolicator that knows the fixture's images without reading any file.
    static func symbolicator() throws -> Symbolicator {
        let symbols = try JSONDecoder().decode(Symbols.self, from: Fixtures.data("findings/symbols.json"))
        let symbolicator = Symbolicator(sourceLocator: nil)
        for (path, entries) in symbols.images {
            let table = SymbolTable(
                symbols: entries.map {
                    ($0[0], UInt64($0[1].dropFirst(2), radix: 16)!, UInt64($0[2].dropFirst(2), radix: 16)!)
                })
            symbolicator.register(
                ELFImage(path: path, buildID: nil, symbols: table, symbolSource: ".symtab"), for: path)
        }
        return symbolicator
    }

    /// A launch with the fixture's activity; `dropNetwork` removes the `recv` call.
    static func trace(runIndex: Int, dropNetwork: Bool = false, scale: Int64 = 1) throws -> LaunchTrace {
        var trace = TraceFactory.trace(runIndex: runIndex)
        var activity = try activity()
        if dropNetwork { activity.blockingCalls.remove(at: 3) }
        for index in activity.blockingCalls.indices { activity.blockingCalls[index].durationNs *= scale }
        trace.mainThread = activity
        return trace
    }

    /// Three launches (the third without the network call, the second twice as slow in its
    /// calls) and one launch without main-thread activity.
    static func run() throws -> (summary: RunSummary, traces: [LaunchTrace]) {
        let traces = [
            try trace(runIndex: 1), try trace(runIndex: 2, scale: 2), try trace(runIndex: 3, dropNetwork: true),
            TraceFactory.trace(runIndex: 4),
        ]
        let records = traces.map {
            LaunchRecord(
                index: $0.runIndex!, scenario: .warm, outcome: .completed, exitStatus: 0, wallNs: 500_000_000,
                traceFile: "run-\($0.runIndex!).trace.json")
        }
        let info = RunInfo(
            appPath: "/apps/SampleApp", scenario: .warm, runs: 4, warmup: 0, date: "2025-01-31T09:12:00Z")
        return (RunSummary.build(info: info, records: records, traces: traces), traces)
    }

    static func findings() throws -> RunFindings {
        let (summary, traces) = try run()
        return FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: try symbolicator())
    }
}
