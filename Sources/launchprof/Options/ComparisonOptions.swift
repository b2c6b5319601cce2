import ArgumentParser

/// The two builds of `compare` and their environments.
struct ComparisonOptions: ParsableArguments {
    @Option(help: "The base build's executable (the pull request's target).")
    var base: String

    @Option(help: "The head build's executable (with the change).")
    var head: String

    @Option(help: ArgumentHelp("Extra environment of the base build's launches (repeatable).", valueName: "NAME=VALUE"))
    var baseEnv: [String] = []

    @Option(help: ArgumentHelp("Extra environment of the head build's launches (repeatable).", valueName: "NAME=VALUE"))
    var headEnv: [String] = []

    func validate() throws {
        _ = try environment(baseEnv, option: "--base-env")
        _ = try environment(headEnv, option: "--head-env")
    }

    /// `NAME=VALUE` pairs as a dictionary.
    func environment(_ pairs: [String], option: String) throws -> [String: String] {
        var environment: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("\(option) \(pair) is not NAME=VALUE.")
            }
            environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return environment
    }
}
