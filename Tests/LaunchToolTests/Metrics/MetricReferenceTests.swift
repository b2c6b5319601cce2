import LaunchTestSupport
import LaunchTrace
import Testing

@testable import LaunchTool

/// Each metric is defined once; the catalogue, the extractor and the docs agree with the
/// definitions.
@Suite("MetricReference")
struct MetricReferenceTests {
    @Test("docs/metrics.md is the page the definitions make")
    func documentation() {
        GoldenFiles(repositoryFolder: "docs").assertMatches(MetricCatalog.markdownReference(), "metrics.md")
    }

    @Test("every value the extractor gives has a definition of the same kind, and every fixed name is defined once")
    func extractorMatchesDefinitions() throws {
        var trace = TraceFactory.trace()
        trace.spans.append(
            Span(
                name: "catalog.load", phase: .didFinishLaunching, startNs: 1, durationNs: 5, depth: 0, parent: nil,
                onMainThread: true))
        for (name, _) in MetricExtractor.values(of: trace) {
            #expect(MetricCatalog.definition(of: name) != nil, "\(name)")
        }
        let names = MetricCatalog.fixed.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(MetricCatalog.definitions.map(\.name).count == Set(MetricCatalog.definitions.map(\.name)).count)
    }

    @Test("a family decides its own members: a known phase's part, a span, a traced call kind; not another family's")
    func familyMembers() {
        #expect(MetricCatalog.kind(of: .phase(.didFinishLaunching, .blocked)) == .time)
        #expect(MetricCatalog.kind(of: .span("x")) == .time)
        #expect(MetricCatalog.kind(of: .blockingCalls(.fileIO)) == .count)
        #expect(MetricCatalog.kind(of: .blockingTime(.fileIO)) == .time)
        #expect(MetricCatalog.definition(of: MetricName(rawValue: "didFinishLaunching.sleeping")) == nil)
        #expect(MetricCatalog.definition(of: MetricName(rawValue: "blockingCalls.nothing")) == nil)
    }
}
