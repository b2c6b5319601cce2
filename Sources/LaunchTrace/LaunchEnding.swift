/// How a launch ended, as the app saw it when it wrote its trace.
///
/// The runner adds what the app cannot know (a crash, a timeout) in its own summary.
package struct LaunchEnding: Codable, Sendable, Equatable {
    /// Why the trace was written.
    package enum Reason: String, Codable, Sendable {
        /// `LAUNCHPROF_EXIT_AFTER=firstFrame` was reached; the app exited with status 0.
        case exitAfterFirstFrame
        /// `LAUNCHPROF_EXIT_AFTER=active` was reached; the app exited with status 0.
        case exitAfterActive
        /// `LAUNCHPROF_EXIT_AFTER=fullyDrawn` was reached; the app exited with status 0.
        case exitAfterFullyDrawn
        /// `LAUNCHPROF_EXIT_AFTER=resumed` was reached; the app exited with status 0.
        case exitAfterResumed
        /// A background launch (the `background` scenario) reached its end, the return of
        /// `didFinishLaunching`, with `LAUNCHPROF_EXIT_AFTER` `firstFrame` or `active`; the app
        /// exited with status 0.
        case exitAfterBackgroundLaunch
        /// The app terminated (SIGTERM, `applicationWillTerminate`) before an exit point.
        case terminated
        /// The app called `LaunchProbe.finish` itself.
        case finishedByApp
        /// A program that writes no trace exited by itself (the runner built the trace).
        case exited
        /// A program that writes no trace met its readiness condition (the runner built the
        /// trace, then ended the program).
        case readyConditionMet
    }

    /// Why the trace was written.
    package var reason: Reason
    /// When, in nanoseconds after the launch started.
    package var atNs: Int64

    /// Creates an ending.
    package init(reason: Reason, atNs: Int64) {
        self.reason = reason
        self.atNs = atNs
    }
}
