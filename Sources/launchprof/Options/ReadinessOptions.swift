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

    @Option(help: "Seconds between SIGTERM and SIGKILL when the runner ends a ready program.")
    var gracePeriod: Double = ReadinessSettings.defaultGracePeriodSeconds

    func validate() throws {
        guard gracePeriod >= 0 else {
            throw ValidationError("--grace-period must be zero or a positive number of seconds.")
        }
        _ = try settings()
    }

    /// The runner's settings for these options.
    func settings() throws -> ReadinessSettings {
        var settings = ReadinessSettings(gracePeriodSeconds: gracePeriod)
        guard let readyWhen else { return settings }
        do throws(LaunchProfilerError) {
            settings.condition = try ReadyCondition(parsing: readyWhen)
        } catch {
            throw ValidationError(error.description)
        }
        return settings
    }
}
