import LaunchTrace

/// A launch whose launched process (a launcher: a shell's `program & exit 0`, a start script, a
/// desktop launcher) exited 0 before the launch was ready, while a process it started went on:
/// the runner followed the launch into that process (launchprof is the subreaper of its launches).
package struct FollowedLaunch: Codable, Sendable, Hashable {
    /// When the launcher exited, in nanoseconds after the launch started.
    package var launcherExitNs: Int64
    /// The launcher's command name.
    package var launcher: String
    /// The process the launch went on in: the one that showed the window, else the first the
    /// launcher left running.
    package var pid: Int32
    /// That process's command name (`/proc/PID/comm`).
    package var program: String

    /// Creates the record of a followed launch.
    package init(launcherExitNs: Int64, launcher: String, pid: Int32, program: String) {
        self.launcherExitNs = launcherExitNs
        self.launcher = launcher
        self.pid = pid
        self.program = program
    }
}
