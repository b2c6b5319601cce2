import CLaunchRunner
import Glibc
import LaunchTrace

/// How launchprof is interrupted: once ``install()`` has run, SIGINT, SIGTERM and SIGHUP no
/// longer end the process; they are recorded, the running launch's wait ends at once (its app
/// and everything it started are killed, the launch recorded as
/// ``LaunchRecord/Outcome/interrupted``), and the run stops after it, keeping what
/// it measured. launchprof also becomes the subreaper of its launches' orphans, and a crash of
/// launchprof itself kills the running launch's process group first.
///
/// ```swift
/// try RunInterruption.install()
/// let result = try ProfilingRun(plan: plan, folder: folder).run()
/// if let signal = RunInterruption.signal { exit(ProfilerExitStatus.interrupted.rawValue) }
/// ```
package enum RunInterruption {
    /// Installs the handlers (once per process; later calls do nothing).
    ///
    /// - Throws: ``LaunchProfilerError`` when a handler cannot be installed.
    package static func install() throws(LaunchProfilerError) {
        let status = lp_interrupt_install()
        guard status == 0 else {
            throw LaunchProfilerError(
                .interruptionSetup, "The signal handlers cannot be installed: \(String(cString: strerror(status))).")
        }
    }

    /// The signal that interrupted the run, or nil.
    package static var signal: Int32? {
        let caught = lp_interrupt_signal()
        return caught == 0 ? nil : caught
    }

    /// How many times launchprof was stopped (SIGSTOP, SIGTSTP, Ctrl-Z) and continued since
    /// ``install()``: a launch running meanwhile counts the pause in its times.
    package static var continuedCount: Int { Int(lp_interrupt_continued()) }

    /// The descriptor that becomes readable when the run is interrupted, or -1.
    static var fd: Int32 { lp_interrupt_fd() }
}
