import Foundation
import LaunchTestSupport

/// A composite GitHub Action as its `action.yml` says, read with a real YAML reader (PyYAML, by
/// the tests' one Python interpreter): its inputs' defaults and its steps.
struct CompositeAction {
    /// One step of `runs.steps`.
    struct Step {
        var name: String
        var id: String?
        var shell: String?
        var run: String?
        var environment: [String: String]
    }

    /// What `runs.using` says (`composite` for a composite action).
    var using: String?
    /// Each input's default (an empty string where none is given).
    var defaults: [String: String]
    /// The steps, in order.
    var steps: [Step]

    /// The repository's own `action.yml`.
    static let repositoryFile = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("action.yml")

    /// Reads `file` with PyYAML's `safe_load`, handed over as JSON.
    static func load(_ file: URL = repositoryFile) throws -> CompositeAction {
        let reader = "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"
        let output = try BuiltProducts.run(TestPython.path, ["-c", reader, file.path])
        guard output.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        else { throw ActionError("\(file.path) could not be read as YAML: \(output.stderr)") }
        let inputs = object["inputs"] as? [String: [String: Any]] ?? [:]
        let runs = object["runs"] as? [String: Any] ?? [:]
        let steps = (runs["steps"] as? [[String: Any]] ?? []).map { step in
            Step(
                name: step["name"] as? String ?? "", id: step["id"] as? String, shell: step["shell"] as? String,
                run: step["run"] as? String, environment: (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" })
        }
        return CompositeAction(
            using: runs["using"] as? String, defaults: inputs.mapValues { $0["default"].map { "\($0)" } ?? "" },
            steps: steps)
    }
}
