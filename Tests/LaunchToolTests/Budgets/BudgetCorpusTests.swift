import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// budgets.schema.json and the tool agree on a shared corpus of budget files: each valid file
/// is accepted by both, each invalid one rejected by both.
@Suite("The budgets schema and the tool agree on a corpus")
struct BudgetCorpusTests {
    static let corpus = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(
        "budgets-corpus")

    static func files(_ folder: String) throws -> [URL] {
        let url = corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    @Test("every file: the tool and the schema both accept the valid ones and both reject the invalid ones")
    func agree() throws {
        let valid = try Self.files("valid")
        let invalid = try Self.files("invalid")
        #expect(valid.count >= 5 && invalid.count >= 20)
        let schema = try JSONSchemaValidator.validate(valid + invalid, against: JSONSchemaValidator.schema("budgets"))
        for file in valid + invalid {
            let expected = valid.contains(file)
            let toolAccepts = (try? BudgetFile.parse(try Data(contentsOf: file), file: file.lastPathComponent)) != nil
            let schemaProblems = schema[file.path] ?? ["not validated"]
            #expect(
                toolAccepts == expected, "launchprof \(toolAccepts ? "accepts" : "rejects") \(file.lastPathComponent)")
            #expect(
                schemaProblems.isEmpty == expected,
                "budgets.schema.json on \(file.lastPathComponent): \(schemaProblems)")
        }
    }

    @Test("the schema reserves the same phase-name beginnings as the tool")
    func reservedPrefixesAgree() throws {
        let text = try String(contentsOf: JSONSchemaValidator.schema("budgets"), encoding: .utf8)
        let expected = "^(" + MetricName.reservedPhasePrefixes.joined(separator: "|") + ")"
        #expect(text.contains("\"pattern\": \"\(expected)\""), "budgets.schema.json should exclude \(expected)")
    }
}
