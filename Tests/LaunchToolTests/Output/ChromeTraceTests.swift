import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The Chrome trace against the Trace Event Format: required fields, complete events with a
/// duration, named tracks, and consistent nesting on every track.
@Suite("Chrome trace")
struct ChromeTraceTests {
    /// Checks the format rules on raw JSON and returns the events.
    func validate(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["displayTimeUnit"] as? String == "ms")
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        var named = Set<String>()
        var byTrack: [String: [(ts: Double, end: Double, name: String)]] = [:]
        for event in events {
            let name = event["name"] as? String
            let ph = event["ph"] as? String
            let ts = (event["ts"] as? NSNumber)?.doubleValue
            let pid = event["pid"] as? Int
            let tid = event["tid"] as? Int
            #expect(
                name != nil && ph != nil && ts != nil && pid != nil && tid != nil,
                "Event lacks a required field: \(event)")
            guard let name, let ph, let ts, let pid, let tid else { continue }
            #expect(["X", "i", "M"].contains(ph), "Unexpected ph \(ph)")
            switch ph {
            case "M":
                let args = event["args"] as? [String: Any]
                if name == "thread_name" || name == "process_name" {
                    #expect(args?["name"] is String, "\(name) metadata needs args.name")
                }
                if name == "thread_name" { named.insert("\(pid)/\(tid)") }
            case "X":
                let dur = try #require((event["dur"] as? NSNumber)?.doubleValue, "Complete event \(name) has no dur")
                #expect(dur >= 0)
                byTrack["\(pid)/\(tid)", default: []].append((ts, ts + dur, name))
            default:
                #expect(["t", "p", "g"].contains(event["s"] as? String ?? "t"))
            }
        }
        for (track, spans) in byTrack {
            #expect(named.contains(track), "Track \(track) has no thread_name metadata")
            // Parents first: by start, longer first; every event must end inside the open parent.
            var open: [(ts: Double, end: Double, name: String)] = []
            for event in spans.sorted(by: { ($0.ts, -$0.end) < ($1.ts, -$1.end) }) {
                while let top = open.last, top.end <= event.ts { open.removeLast() }
                if let top = open.last {
                    #expect(
                        event.end <= top.end,
                        "On \(track), \(event.name) [\(event.ts), \(event.end)] overlaps \(top.name) [\(top.ts), \(top.end)] without nesting"
                    )
                }
                open.append(event)
            }
        }
        return events
    }

    @Test("Every launch is a process with phases, spans, stalls, blocking calls and samples")
    func fixtureRun() throws {
        let input = try ReportFixture.input()
        let json = try ChromeTraceReport().render(traces: input.traces, profiles: input.profiles)
        let events = try validate(json)
        let pids = Set(events.compactMap { $0["pid"] as? Int })
        #expect(pids == Set(input.traces.compactMap(\.runIndex)))
        let phases = events.filter { $0["cat"] as? String == "phase" }
        #expect(phases.count == input.traces.map(\.phases.count).reduce(0, +))
        #expect(
            events.filter { $0["cat"] as? String == "blockingCall" }.count
                == input.traces.map { $0.mainThread!.blockingCalls.count }.reduce(0, +))
        #expect(
            events.filter { $0["cat"] as? String == "stall" }.count
                == input.traces.map { $0.mainThread!.stalls.count }.reduce(0, +))
        let samples = events.filter { $0["cat"] as? String == "sample" }
        #expect(samples.count == input.profiles.flatMap(\.samples).filter { $0.source == .stallSample }.count)
        for sample in samples {
            let stack = try #require((sample["args"] as? [String: Any])?["stack"] as? [String])
            #expect(stack.last == "main", "Sample stacks are innermost first, rooted at main (start frames trimmed)")
            #expect(sample["ph"] as? String == "i")
        }
        let processNames = events.filter { $0["name"] as? String == "process_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(processNames.contains("SampleApp launch 1"))
        // Spans off the main thread have their own track; the injected span name is plain data.
        #expect(
            events.contains {
                $0["name"] as? String == "prefetch.background" && $0["tid"] as? Int == ChromeTrack.otherThreads.rawValue
            })
        #expect(
            events.contains {
                $0["name"] as? String == ReportFixture.evilSpan && $0["tid"] as? Int == ChromeTrack.mainThread.rawValue
            })
    }

    /// The fixture's launches moved later in time, each by a different number of nanoseconds
    /// (their phases keep their durations and gaps), so that the microseconds' decimals take
    /// many values; the first launch is moved so that its first two phases are the pair from
    /// a real run whose end a JSON reader put past the next start (142300.217 + 4738.178 =
    /// 147038.39500000002 > 147038.395).
    static func movedLaunches(_ traces: [LaunchTrace]) -> [LaunchTrace] {
        var moved: [LaunchTrace] = []
        for shift in 0..<40 {
            for var trace in traces {
                let offset = 142_300_000 + Int64(shift) * 1_001
                for index in trace.phases.indices { trace.phases[index].startNs += offset }
                for index in trace.spans.indices { trace.spans[index].startNs += offset }
                trace.marks = []
                trace.runIndex = 1_001 + moved.count
                moved.append(trace)
            }
        }
        let original = moved[0].phases
        for index in original.indices {
            let gap = index == 0 ? 0 : original[index].startNs - original[index - 1].endNs
            moved[0].phases[index].startNs = index == 0 ? 142_300_217 : moved[0].phases[index - 1].endNs + gap
            if index == 0 { moved[0].phases[0].durationNs = 4_738_178 }
        }
        moved[0].spans = []
        return moved
    }

    @Test(
        "Adjacent phases stay adjacent as a JSON reader adds the numbers: ts + dur of each is at most the next one's ts"
    )
    func adjacentPhases() throws {
        let input = try ReportFixture.input()
        let traces = input.traces + Self.movedLaunches(input.traces)
        let json = try ChromeTraceReport().render(traces: traces, profiles: [])
        // The numbers as Python's json module reads them (IEEE doubles, as JavaScript's
        // JSON.parse in speedscope and Perfetto): each launch's phases in order, with ts and dur.
        let script = """
            import json, sys
            phases = {}
            for event in json.load(open(sys.argv[1]))["traceEvents"]:
                if event.get("cat") == "phase":
                    phases.setdefault(event["pid"], []).append((event["ts"], event["dur"], event["name"]))
            for pid, events in phases.items():
                for (ts, dur, name), (next_ts, _, next_name) in zip(events, events[1:]):
                    print(pid, name, next_name, repr(ts), repr(dur), repr(next_ts), ts + dur <= next_ts, sep="\t")
            """
        let file = try BuiltProducts.scratchFolder().appendingPathComponent("trace.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(json.utf8).write(to: file)
        let read = try BuiltProducts.run(TestPython.path, ["-c", script, file.path])
        try #require(read.status == 0, "\(read.stderr)")
        let pairs = read.stdout.split(separator: "\n").map { $0.components(separatedBy: "\t") }
        let expected = traces.map { max(0, $0.phases.count - 1) }.reduce(0, +)
        #expect(pairs.count == expected && expected > 1_000, "one line per pair of adjacent phases")
        for pair in pairs {
            #expect(pair.count == 7 && pair[6] == "True", "ts + dur passes the next phase's ts: \(pair)")
        }
        try checkRounding(json, traces)
    }

    /// The same in Swift, from the numbers JSONSerialization reads, against the traces: each
    /// phase really ends before the next one starts, and the rounding moved no start or end by
    /// more than half a microsecond.
    func checkRounding(_ json: String, _ traces: [LaunchTrace]) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]]).filter { $0["cat"] as? String == "phase" }
        let byLaunch = Dictionary(grouping: events) { $0["pid"] as? Int ?? 0 }
        for trace in traces {
            let pid = try #require(trace.runIndex)
            let phases = byLaunch[pid] ?? []
            try #require(phases.count == trace.phases.count)
            for (index, record) in trace.phases.enumerated() {
                let ts = try #require((phases[index]["ts"] as? NSNumber)?.doubleValue)
                let dur = try #require((phases[index]["dur"] as? NSNumber)?.doubleValue)
                #expect(abs(ts - Double(record.startNs) / 1000) <= 0.5)
                #expect(abs(ts + dur - Double(record.endNs) / 1000) <= 0.5)
                guard index + 1 < trace.phases.count else { continue }
                let next = try #require((phases[index + 1]["ts"] as? NSNumber)?.doubleValue)
                #expect(record.endNs <= trace.phases[index + 1].startNs, "the phases are adjacent")
                #expect(ts + dur <= next, "launch \(pid): \(record.phase) ends at \(ts + dur), after \(next)")
            }
        }
    }

    @Test("A span that crosses a phase boundary moves to its own track, keeping the nesting valid")
    func crossingSpan() throws {
        let input = try ReportFixture.input()
        var trace = input.traces[0]
        let window = try #require(trace.record(of: .firstVisibleWindow))
        trace.spans.append(
            Span(
                name: "crosses", phase: .didFinishLaunching, startNs: window.startNs - 1_000_000, durationNs: 3_000_000,
                depth: 0, parent: nil, onMainThread: true))
        let json = try ChromeTraceReport().render(traces: [trace], profiles: [input.profiles[0]])
        let events = try validate(json)
        let crossing = try #require(events.first { $0["name"] as? String == "crosses" })
        #expect(crossing["tid"] as? Int == ChromeTrack.overlappingSpans.rawValue)
    }

    @Test("A launch without main-thread activity still gives a valid trace")
    func withoutActivity() throws {
        let input = try ReportFixture.input()
        var trace = input.traces[0]
        trace.mainThread = nil
        var naming = ImageOffsetNaming()
        let profile = MainThreadProfile(trace: trace, naming: &naming)
        #expect(profile.samples.isEmpty)
        let events = try validate(try ChromeTraceReport().render(traces: [trace], profiles: [profile]))
        #expect(events.filter { $0["cat"] as? String == "phase" }.count == trace.phases.count)
    }
}
