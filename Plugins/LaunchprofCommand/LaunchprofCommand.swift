import Foundation
import PackagePlugin

/// `swift package launchprof run --product MyApp [launchprof run options]`: builds the
/// product in release, then runs `launchprof run` on it, like package-benchmark's
/// `swift package benchmark`.
///
/// Everything after `--product NAME` is passed to `launchprof run` (for example `--runs 20
/// --budgets budgets.json --format junit`); arguments after a `--` go to the app. The run folder
/// is written under `.launchprof/runs` in the package directory, so the command asks for
/// permission to write there (`--allow-writing-to-package-directory` in CI).
@main
struct LaunchprofCommand: CommandPlugin {
    /// Builds the product and runs `launchprof`; a non-zero exit of `launchprof` fails the
    /// command with its exit status in the message.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var request = try Request(arguments)
        let build = try packageManager.build(
            .product(request.product), parameters: .init(configuration: .release, echoLogs: false))
        guard build.succeeded else {
            throw CommandError("Building \(request.product) in release failed:\n\(build.logText)")
        }
        guard
            let app = build.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == request.product
            })
        else {
            throw CommandError("\(request.product) is not an executable product of this package.")
        }
        request.appURL = app.url
        let process = Process()
        process.executableURL = try buildLaunchprof(besides: app.url)
        process.arguments = request.launchprofArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError(
                "launchprof exited with status \(process.terminationStatus) (see `launchprof run --help` for what each status means)."
            )
        }
    }
}

extension LaunchprofCommand {
    /// Builds `launchprof` in release, like the app, and returns its path. The plugin builds it
    /// on demand instead of declaring it a dependency: a dependency would make every
    /// `swift build` of the package build the whole tool a second time, for the host.
    func buildLaunchprof(besides app: URL) throws -> URL {
        let build = try packageManager.build(
            .product("launchprof"), parameters: .init(configuration: .release, echoLogs: false))
        guard build.succeeded else {
            throw CommandError("Building launchprof in release failed:\n\(build.logText)")
        }
        if let tool = build.builtArtifacts.first(where: {
            $0.kind == .executable && $0.url.lastPathComponent == "launchprof"
        }) {
            return tool.url
        }
        // A product of a dependency is built into the same folder as the app (SwiftPM may not
        // list it among the built artifacts).
        let beside = app.deletingLastPathComponent().appendingPathComponent("launchprof")
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw CommandError("launchprof was built but not found at \(beside.path).")
        }
        return beside
    }
}

/// The command line of the plugin: `run --product NAME [options] [-- app arguments]`.
struct Request {
    /// The executable product to build and launch.
    var product: String
    /// Options for `launchprof run`.
    var options: [String]
    /// Arguments for the app.
    var appArguments: [String]
    /// The built app, once known.
    var appURL: URL?

    init(_ arguments: [String]) throws {
        var rest = arguments
        guard rest.first == "run" else {
            throw CommandError(
                "Usage: swift package launchprof run --product NAME [launchprof run options] [-- app arguments]")
        }
        rest.removeFirst()
        let split = rest.firstIndex(of: "--") ?? rest.endIndex
        appArguments = split < rest.endIndex ? Array(rest[(split + 1)...]) : []
        rest = Array(rest[..<split])
        guard let flag = rest.firstIndex(of: "--product"), flag + 1 < rest.count else {
            throw CommandError("Name the executable product to launch with --product NAME.")
        }
        product = rest[flag + 1]
        rest.removeSubrange(flag...(flag + 1))
        options = rest
    }

    /// `run [options] -- <app> [app arguments]`.
    var launchprofArguments: [String] {
        ["run"] + options + ["--", appURL?.path ?? product] + appArguments
    }
}

/// A failure of the command, shown by SwiftPM.
struct CommandError: Error, CustomStringConvertible {
    /// A whole sentence.
    var description: String
    init(_ description: String) { self.description = description }
}
