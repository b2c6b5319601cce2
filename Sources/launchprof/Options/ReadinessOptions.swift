import ArgumentParser
import LaunchRunner
import LaunchTrace

/// When a launched program counts as ready, and how it is ended afterwards: `run`, `trace`
/// (and any command that launches programs adopts this group).
struct ReadinessOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "When a program that is not a LaunchKit app is ready: \(ReadyCondition.forms) (default: a LaunchKit or LaunchProbe app's exit point; exit for a program that writes no trace). After readiness the program gets SIGTERM, then SIGKILL after --grace-period.",
            valueName: "condition"
        ))
    var readyWhen: String?

    @Option(
        parsing: .unconditional,
        help: "Seconds between SIGTERM and SIGKILL when the runner ends a ready program (at most a day, as --timeout).")
    var gracePeriod: Double = ReadinessSettings.defaultGracePeriodSeconds

    @Flag(
        inversion: .prefixedNo,
        help:
            "With --ready-when frame, keep each diagnosis launch's first frame as a PNG in the run folder (launch-NNN.frame.png, at most 1024 pixels a side), shown in report.html."
    )
    var framePictures = true

    func validate() throws {
        // The same cap as --timeout: a program that ignores SIGTERM is killed within a day at most.
        guard gracePeriod >= 0, gracePeriod <= ProgramLaunchOptions.maximumTimeout else {
            throw ValidationError(
                "--grace-period must be a number of seconds from 0 to \(Int(ProgramLaunchOptions.maximumTimeout)) (one day); \(gracePeriod) is not."
            )
        }
        let checked = try settings()
        do throws(LaunchProfilerError) {
            try checked.checkBeforeLaunch()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The runner's settings for these options.
    func settings() throws -> ReadinessSettings {
        var settings = ReadinessSettings(gracePeriodSeconds: gracePeriod)
        settings.keepsFramePictures = framePictures
        guard let readyWhen else { return settings }
        do throws(LaunchProfilerError) {
            settings.condition = try ReadyCondition(parsing: readyWhen)
        } catch {
            throw ValidationError(error.description)
        }
        return settings
    }
}
