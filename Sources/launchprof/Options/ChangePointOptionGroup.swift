import ArgumentParser
import LaunchHistory
import LaunchTool

/// How change points are found and what their bisect commands say: `history trend` and
/// `history report`.
struct ChangePointOptionGroup: ParsableArguments {
    @Option(help: "Sliding window of the split step, in runs.")
    var window: Int = ChangePointOptions.defaultWindow

    @Option(help: "Largest p-value a change point may have.")
    var pValue: Double = ChangePointOptions.defaultMaxPValue

    @Option(help: "Smallest relative change kept (0.05 = 5 %).")
    var minEffect: Double = ChangePointOptions.defaultMinEffect

    @Option(help: "Fewest runs a change must hold on each side to be reported.")
    var minSegment: Int = ChangePointOptions.defaultMinSegment

    @Option(help: ArgumentHelp("The build command of each change point's bisect command.", valueName: "COMMAND"))
    var bisectBuild = TrendChange.defaultBisectBuild

    @Option(
        help: ArgumentHelp(
            "The program of each change point's bisect command (default: .build/release/<app>).", valueName: "PATH")
    )
    var bisectProgram: String?

    /// The detector's options.
    var options: ChangePointOptions {
        ChangePointOptions(window: window, maxPValue: pValue, minEffect: minEffect, minSegment: minSegment)
    }
}
