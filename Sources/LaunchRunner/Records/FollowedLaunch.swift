import LaunchTrace

/// A launch whose launched process (a launcher: a shell's `program & exit 0`, a start script, a
/// desktop launcher) exited 0 before the launch was ready, while a process it started went on:
/// the runner followed the launch into that process (launchprof is the subreaper of its launches).
public struct FollowedLaunch: Codable, Sendable, Hashable {
    /// When the launcher exited, in nanoseconds after the launch started.
    public var launcherExitNs: Int64
    /// The launcher's command name.
    public var launcher: String
    /// The process the launch went on in: the one that showed the window, else the first the
    /// launcher left running.
    public var pid: Int32
    /// That process's command name (`/proc/PID/comm`).
    public var program: String

    /// Creates the record of a followed launch.
    public init(launcherExitNs: Int64, launcher: String, pid: Int32, program: String) {
        self.launcherExitNs = launcherExitNs
        self.launcher = launcher
        self.pid = pid
        self.program = program
    }
}
