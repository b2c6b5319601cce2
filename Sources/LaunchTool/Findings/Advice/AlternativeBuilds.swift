import Foundation
import LaunchRunner
import LaunchTrace

/// How `launchprof run` builds the alternatives its pre-main advice names, so that each saving
/// it prints is measured: a Swift package it builds itself, each change with its `swift build`
/// options (``PreMainAdvice/Kind/swiftBuildOptions``), or a command per change.
/// Every build goes to a scratch folder of its own under the run folder (`builds/<kind>`).
package struct AlternativeBuilds: Sendable, Equatable {
    /// Where the alternatives come from.
    package enum Source: Sendable, Equatable {
        /// A Swift package and its executable product: `swift build -c release` as it is for the
        /// program profiled, and with each change's options for the alternatives.
        case package(path: String, product: String)
        /// A shell command per change, run in the current directory, that writes the program
        /// built with that change to `$LAUNCHPROF_BUILD_OUTPUT` (``LaunchTrace/BuildEnvironment/output``).
        case commands([PreMainAdvice.Kind: String])
    }

    /// The folder of the run folder that holds the builds and their comparisons.
    package static let folderName = "builds"

    /// Where the alternatives come from.
    package var source: Source
    /// The most launches of each build a comparison makes.
    package var maxRuns: Int
    /// The comparisons' statistical settings.
    package var settings: ComparisonSettings
    /// The seed of the comparisons' block orders.
    package var seed: UInt64

    /// Creates the builds' settings.
    package init(source: Source, maxRuns: Int = 40, settings: ComparisonSettings = ComparisonSettings(), seed: UInt64) {
        self.source = source
        self.maxRuns = maxRuns
        self.settings = settings
        self.seed = seed
    }

    /// Whether an alternative with `kind`'s change can be built.
    package func builds(_ kind: PreMainAdvice.Kind) -> Bool {
        switch source {
        case .package: kind.swiftBuildOptions != nil
        case .commands(let commands): commands[kind] != nil
        }
    }

    /// The scratch folder of one build (`base`, or a kind's name) under `run`.
    package static func folder(_ name: String, in run: URL) -> URL {
        run.appendingPathComponent(folderName, isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }
}
