import Foundation
import LaunchTrace
import Testing

/// A key written twice in one object: JSON readers keep one value silently; the one reader
/// of traces, manifests and summaries rejects the file, naming the key and both places.
@Suite("Duplicate JSON keys")
struct JSONDuplicateKeyTests {
    @Test(
        "the scanner finds the first duplicate with its path, line and column",
        arguments: [
            (#"{"a": 1, "b": {"c": [1, {"d": 2, "d": 3}]}}"#, "b.c[1].d", 1, 34),
            ("{\n  \"a\": [],\n  \"a\": {}\n}", "a", 3, 3),
            (#"{"x": "\"a\":1", "a": 1, "\u0061": 2}"#, "a", 1, 26),
            (#"[{"a": 1}, {"a": 1}, {"k": {"a": 1}, "a": {"b": 1, "b": 2}}]"#, "[2].a.b", 1, 52),
        ])
    func scanner(json: String, path: String, line: Int, column: Int) throws {
        let duplicate = try #require(JSONDuplicateKey.first(in: Data(json.utf8)), "\(json)")
        #expect(duplicate.jsonPath == path && duplicate.line == line && duplicate.column == column, "\(duplicate)")
    }

    @Test("keys that repeat only across objects, or inside strings, are not duplicates")
    func noDuplicates() {
        let json = #"[{"a": 1, "b": "\"a\": \"a\""}, {"a": {"a": {"a": []}}}, {"a\\": 1, "a": 2}]"#
        #expect(JSONDuplicateKey.first(in: Data(json.utf8)) == nil)
    }

    @Test("a trace with a key written twice is rejected naming the file, the JSON path, the line and column")
    func duplicateKeyInTrace() throws {
        let text = String(decoding: try TraceJSON.makeEncoder().encode(TraceSamples.trace()), as: UTF8.self)
        let lines = text.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"schemaVersion\" : ") })
        var edited = lines
        edited[index] = lines[index].replacingOccurrences(
            of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 1, \"schemaVersion\" : 1")
        let data = Data(edited.joined(separator: "\n").utf8)
        let error = try #require(throws: LaunchProfilerError.self) {
            try LaunchTrace.decode(data, file: "launch-001.trace.json")
        }
        #expect(error.context.jsonPath == "schemaVersion")
        #expect(error.context.line == index + 1, "\(error)")
        #expect(error.description.hasPrefix("launch-001.trace.json:\(index + 1):"), "\(error)")
        #expect(error.description.contains("The key \"schemaVersion\" appears twice"), "\(error)")
    }

    @Test("any file read through TraceJSON (manifests, summaries, verdicts) is checked the same way")
    func duplicateKeyInAnyFile() throws {
        struct Pair: Decodable { var a: Int }
        let data = Data(#"{"a": 1, "a": 2}"#.utf8)
        let error = try #require(throws: LaunchProfilerError.self) {
            try TraceJSON.decode(Pair.self, from: data, file: "launches.json")
        }
        #expect(error.description.hasPrefix("launches.json:1:10: at a: The key \"a\" appears twice"), "\(error)")
    }
}
