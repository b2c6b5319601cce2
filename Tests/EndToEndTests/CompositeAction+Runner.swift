import Foundation
import LaunchTestSupport

extension CompositeAction {
    /// What one step did.
    struct StepResult {
        var step: Step
        var output: ProductProcess.Output
        /// The `name=value` lines it wrote to `GITHUB_OUTPUT`.
        var outputs: [String: String]
    }

    /// Runs the steps in order as a runner runs a composite action's `shell: bash` steps
    /// (`bash --noprofile --norc -eo pipefail FILE`), in `workspace`, with `inputs` over the
    /// defaults: each step's `env:` with its `${{ … }}` resolved from the inputs, the action's
    /// folder and the earlier steps' outputs, the inputs as `INPUT_*`, and the runner's files
    /// (`GITHUB_STEP_SUMMARY`, a fresh `GITHUB_OUTPUT` per step, `GITHUB_PATH`, `RUNNER_TEMP`).
    /// Stops after the first step that fails, as a runner does.
    func run(inputs: [String: String], workspace: URL) throws -> [StepResult] {
        let values = defaults.merging(inputs) { _, given in given }
        let temp = workspace.appendingPathComponent("runner-temp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        var runner = [
            "GITHUB_WORKSPACE": workspace.path, "RUNNER_TEMP": temp.path, "GITHUB_ACTIONS": "true",
            "GITHUB_STEP_SUMMARY": workspace.appendingPathComponent("step-summary.md").path,
            "GITHUB_PATH": workspace.appendingPathComponent("github-path").path,
        ]
        for (name, value) in values { runner["INPUT_" + name.uppercased()] = value }
        var results: [StepResult] = []
        for (index, step) in steps.enumerated() {
            let result = try run(step, index: index, values: values, runner: runner, earlier: results, in: workspace)
            results.append(result)
            if result.output.status != 0 { break }
        }
        return results
    }

    private func run(
        _ step: Step, index: Int, values: [String: String], runner: [String: String], earlier: [StepResult],
        in workspace: URL
    ) throws -> StepResult {
        guard step.shell == "bash", let script = step.run else {
            throw ActionError("step \(step.name) is not a `shell: bash` step with a `run` script")
        }
        let file = workspace.appendingPathComponent("step-\(index).sh")
        try Data(script.utf8).write(to: file)
        let outputFile = workspace.appendingPathComponent("github-output-\(index)")
        try Data().write(to: outputFile)
        var environment = runner.merging(["GITHUB_OUTPUT": outputFile.path]) { _, new in new }
        for (name, value) in step.environment {
            environment[name] = try Self.resolve(value, values: values, earlier: earlier)
        }
        let output = try BuiltProducts.run(
            "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", file.path], in: workspace,
            environment: environment, timeout: 600)
        let written = try String(contentsOf: outputFile, encoding: .utf8)
        return StepResult(step: step, output: output, outputs: Self.outputs(written))
    }

    /// `value` with each `${{ inputs.NAME }}`, `${{ github.action_path }}` and
    /// `${{ steps.ID.outputs.NAME }}` replaced; any other expression is an error.
    static func resolve(_ value: String, values: [String: String], earlier: [StepResult]) throws -> String {
        var result = value
        while let range = result.range(of: #"\$\{\{\s*([^}]*?)\s*\}\}"#, options: .regularExpression) {
            let expression = result[range].dropFirst(3).dropLast(2).trimmingCharacters(in: .whitespaces)
            let parts = expression.split(separator: ".").map(String.init)
            let resolved: String?
            switch parts.first {
            case "inputs" where parts.count == 2: resolved = values[parts[1]]
            case "github" where parts == ["github", "action_path"]:
                resolved = CompositeAction.repositoryFile.deletingLastPathComponent().path
            case "steps" where parts.count == 4 && parts[2] == "outputs":
                resolved = earlier.last { $0.step.id == parts[1] }.map { $0.outputs[parts[3]] ?? "" }
            default: resolved = nil
            }
            guard let resolved else { throw ActionError("the expression ${{ \(expression) }} names nothing") }
            result.replaceSubrange(range, with: resolved)
        }
        return result
    }

    /// The `name=value` lines of a `GITHUB_OUTPUT` file.
    static func outputs(_ text: String) -> [String: String] {
        var outputs: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return outputs
    }
}
