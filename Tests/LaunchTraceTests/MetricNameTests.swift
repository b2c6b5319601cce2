import Foundation
import LaunchTrace
import Testing

@Suite("MetricName")
struct MetricNameTests {
    /// One name of every family, with its string.
    static let families: [(MetricName, String)] = [
        (.timeToFirstFrame, "timeToFirstFrame"), (.resumeToFrame, "resume.toFrame"),
        (.resumeToActive, "resume.toActive"),
        (.phase(.didFinishLaunching), "didFinishLaunching"), (.phase(.binaryLoad, .onCpu), "binaryLoad.onCpu"),
        (.phase(.firstVisibleWindow, .blocked), "firstVisibleWindow.blocked"),
        (.span("catalog.load"), "span.catalog.load"),
        (.blockingTime(.fileIO), "blockingTime.fileIO"), (.blockingCalls(.sleep), "blockingCalls.sleep"),
    ]

    @Test("every family round-trips through its string and its JSON")
    func roundTrip() throws {
        for (name, string) in Self.families {
            #expect(name.rawValue == string)
            #expect(name.description == string)
            #expect(MetricName(rawValue: string) == name)
            let json = try JSONEncoder().encode([name])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(string)\"]")
            #expect(try JSONDecoder().decode([MetricName].self, from: json) == [name])
        }
    }

    @Test("a family member gives back what it was made of")
    func familyParts() {
        #expect(MetricName.span("db.open").spanName == "db.open")
        #expect(MetricName.blockingTime(.lock).blockingTimeKind == .lock)
        #expect(MetricName.timeToActive.spanName == nil)
        #expect(MetricName(rawValue: "span.").spanName == nil)
        #expect(MetricName(rawValue: "blockingTime.disk").blockingTimeKind == nil)
    }

    @Test("the tracer's kinds are the blocking kinds but page faults and CPU")
    func tracedKinds() {
        #expect(BlockingKind.tracedCalls == [.fileIO, .network, .sleep, .lock, .wait])
    }
}
