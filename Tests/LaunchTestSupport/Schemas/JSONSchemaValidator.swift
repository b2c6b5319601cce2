import Foundation

/// Validates JSON files against the repository's JSON Schemas with a real validator: Python's
/// `jsonschema` (Draft 2020-12, formats checked), run as a separate process. `.ci/run`
/// installs it when it is missing.
///
/// ```swift
/// let problems = try JSONSchemaValidator.validate([summaryURL], against: JSONSchemaValidator.schema("summary"))
/// #expect(problems[summaryURL.path] == [])
/// ```
package enum JSONSchemaValidator {
    /// The schema file `schemas/<name>.schema.json` (`budgets`: the one at the repository root).
    package static func schema(_ name: String) -> URL {
        let root = GoldenFiles.repositoryRoot
        if name == "budgets" { return root.appendingPathComponent("budgets.schema.json") }
        return root.appendingPathComponent("schemas").appendingPathComponent("\(name).schema.json")
    }

    /// The validation errors of each file (by path; empty when it is valid). Every schema in
    /// `schemas/` is registered under its file name, which its relative `$ref`s name, so they
    /// resolve offline, as any validator given the files resolves them.
    ///
    /// - Throws: when Python or `jsonschema` cannot run, or the schema itself is invalid.
    package static func validate(_ files: [URL], against schema: URL) throws -> [String: [String]] {
        let process = Process()
        process.executableURL = URL(filePath: TestPython.path)
        process.arguments =
            ["-c", script, schema.path, GoldenFiles.repositoryRoot.appendingPathComponent("schemas").path]
            + files.map(\.path)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidatorFailure(message: errorText) }
        return try JSONDecoder().decode([String: [String]].self, from: data)
    }

    /// The validator could not run.
    package struct ValidatorFailure: Error, CustomStringConvertible {
        /// Python's standard error.
        package var message: String
        /// The message.
        package var description: String { "python3 -m jsonschema could not validate: \(message)" }
    }

    static let script = """
        import json, os, sys
        import jsonschema, referencing, referencing.jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        resources = []
        if os.path.isdir(sys.argv[2]):
            for name in sorted(os.listdir(sys.argv[2])):
                if name.endswith(".schema.json"):
                    doc = json.load(open(os.path.join(sys.argv[2], name), encoding="utf-8"))
                    spec = referencing.jsonschema.DRAFT202012
                    resource = referencing.Resource.from_contents(doc, default_specification=spec)
                    resources.append((doc.get("$id", name), resource))
        registry = referencing.Registry().with_resources(resources)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema, registry=registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        result = {}
        for path in sys.argv[3:]:
            instance = json.load(open(path, encoding="utf-8"))
            result[path] = ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(root)", e.message) for e in validator.iter_errors(instance)]
        print(json.dumps(result))
        """
}
