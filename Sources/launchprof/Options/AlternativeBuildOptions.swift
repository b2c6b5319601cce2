import ArgumentParser
import Foundation
import LaunchTool
import LaunchTrace

/// `run`'s options that measure the pre-main advice: the program as a Swift package launchprof
/// builds itself, or a build command per change.
struct AlternativeBuildOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A Swift package: launchprof builds it (swift build -c release, into the run folder's builds/base) and profiles its product, with the arguments after --; then builds each change the advice before main names (static runtime, no PIE, packed relocations, lazy binding, -Bsymbolic) and measures its saving with compare's test.",
            valueName: "PATH"))
    var package: String?

    @Option(
        help: ArgumentHelp(
            "With --package: the executable product (default: the package folder's name).", valueName: "NAME"))
    var product: String?

    @Option(
        help: ArgumentHelp(
            "A command that builds the program with one change the advice before main names, writing it to $\(BuildEnvironment.output); launchprof compares it with the program after -- and reports the saving as measured (repeatable). KIND: \(Self.buildableKinds).",
            valueName: "KIND=COMMAND"))
    var build: [String] = []

    @Option(help: "The most launches of each build in a measurement of advice.")
    var adviceMaxRuns: Int = 40

    static var buildableKinds: String {
        PreMainAdvice.Kind.allCases.filter { $0.swiftBuildOptions != nil }.map(\.rawValue).joined(separator: ", ")
    }

    func validate() throws {
        if package != nil, !build.isEmpty { throw ValidationError("--package and --build cannot be used together.") }
        if product != nil, package == nil { throw ValidationError("--product needs --package.") }
        if let package {
            let manifest = URL(filePath: package).appendingPathComponent("Package.swift")
            guard FileManager.default.fileExists(atPath: manifest.path) else {
                throw ValidationError("--package \(package): there is no Package.swift in that folder.")
            }
        }
        _ = try commands()
        guard (4...10_000).contains(adviceMaxRuns) else {
            throw ValidationError("--advice-max-runs must be from 4 to 10000, not \(adviceMaxRuns).")
        }
    }

    /// The `--build` commands by kind.
    func commands() throws -> [PreMainAdvice.Kind: String] {
        var commands: [PreMainAdvice.Kind: String] = [:]
        for pair in build {
            guard let equals = pair.firstIndex(of: "="), !pair[pair.index(after: equals)...].isEmpty else {
                throw ValidationError("--build \(pair) is not KIND=COMMAND.")
            }
            let name = String(pair[..<equals])
            guard let kind = PreMainAdvice.Kind(rawValue: name), kind.swiftBuildOptions != nil else {
                throw ValidationError("--build \(name)=…: the kind must be one of \(Self.buildableKinds).")
            }
            guard commands[kind] == nil else { throw ValidationError("--build \(name) is given twice.") }
            commands[kind] = String(pair[pair.index(after: equals)...])
        }
        return commands
    }

    /// The package's product.
    var productName: String? {
        package.map { product ?? URL(filePath: $0).standardizedFileURL.lastPathComponent }
    }

    /// How the alternatives are built, or nil when neither option is given.
    func builds(seed: UInt64) throws -> AlternativeBuilds? {
        if let package, let productName {
            return AlternativeBuilds(
                source: .package(path: package, product: productName), maxRuns: adviceMaxRuns, seed: seed)
        }
        let commands = try commands()
        return commands.isEmpty
            ? nil : AlternativeBuilds(source: .commands(commands), maxRuns: adviceMaxRuns, seed: seed)
    }
}
