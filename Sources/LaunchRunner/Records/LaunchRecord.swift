import LaunchTrace

/// What the runner saw of one launch: how the process ended and where its trace is.
///
/// One record per launch is kept in a run folder's `launches.json`, whether or not
/// the launch produced a trace, so a crashed or hung launch is reported, never dropped.
package struct LaunchRecord: Codable, Sendable, Equatable {
    /// How the process ended.
    package enum Outcome: String, Codable, Sendable {
        /// The app reached its exit point, exited with status 0 and wrote a valid trace.
        case completed
        /// The app exited with a non-zero status.
        case exitedWithError
        /// The app was killed by a signal it did not ask for (a crash).
        case crashed
        /// The app did not finish within the timeout and was killed.
        case timedOut
        /// The app exited with status 0 but wrote no trace.
        case noTrace
        /// The app wrote a trace that cannot be read.
        case invalidTrace
        /// The app could not be started.
        case spawnFailed
        /// The program exited before its readiness condition (``LaunchRecord/readyWhen``) was met.
        case exitedBeforeReady
        /// launchprof was interrupted (SIGINT, SIGTERM, SIGHUP) during the launch and killed it.
        case interrupted
    }

    /// Position of the launch in the run, starting at 1; warm-up launches are not recorded.
    package var index: Int
    /// Scenario the launch ran under.
    package var scenario: Scenario
    /// How the process ended.
    package var outcome: Outcome
    /// Exit status, when the process exited.
    package var exitStatus: Int32?
    /// Terminating signal number, when a signal ended the process.
    package var signal: Int32?
    /// Wall time from spawn to the process's exit as the runner saw it, in nanoseconds.
    package var wallNs: Int64
    /// Trace file name inside the run folder, when a valid trace was written.
    package var traceFile: String?
    /// A sentence explaining an outcome other than `completed`.
    package var message: String?
    /// The last phase the app reported starting (from its progress events), which for a
    /// launch that crashed or hung says where it got to.
    package var lastPhase: String?
    /// The last lines the app wrote to standard error, for failed launches.
    package var stderrTail: String?
    /// Cold scenario: bytes of the executable and its libraries evicted from the page cache
    /// before this launch, as verified with `mincore`.
    package var evictedBytes: Int64?
    /// The readiness condition the runner waited for (`--ready-when`), when one was given.
    package var readyWhen: ReadyCondition?
    /// When the program became ready, in nanoseconds after the launch started.
    package var readyNs: Int64?
    /// When the display showed the program's first top-level window (`--ready-when window` or
    /// `frame`), in nanoseconds after the launch started: a measurement launch's
    /// `timeToFirstWindow`.
    package var firstWindowNs: Int64?
    /// When the display had the first frame of the program's window (`--ready-when frame`), in
    /// nanoseconds after the launch started: a measurement launch's `timeToFirstFrame`.
    package var firstFrameNs: Int64?
    /// When the launch started (the spawn), as a CLOCK_MONOTONIC reading: the times above are
    /// after it. For placing a launch among other clocks of the machine (a screen recording, a
    /// system trace); nil when it did not start.
    package var startedAtNs: Int64?
    /// How the runner ended a program that was ready and still running.
    package var shutdown: LaunchShutdown?
    /// The last lines the program wrote to standard output, when the runner read it (a
    /// `stdout:` condition) and the launch failed.
    package var stdoutTail: String?
    /// Processes the launch left running after its app ended (background children, daemons),
    /// which the runner killed; nil when there were none.
    package var leftoverProcesses: Int?
    /// The launch went on in a process its launcher started, after the launcher exited 0 before
    /// the launch was ready; nil for a launch that did not need following.
    package var followed: FollowedLaunch?
    /// The file of the picture of the launch's first frame (`launch-001.frame.png`), in the run
    /// folder beside the record; nil when none was kept.
    package var framePicture: String?
    /// The title of the window the launch's first window and frame are of, when `window:REGEX` or
    /// `frame:REGEX` chose it by its title.
    package var windowTitle: String?
    /// A pre-main launch's breakdown of the time before `main`, when the audit module sent it.
    package var preMain: PreMainBreakdown?
    /// What the whole process used (CPU times, page faults, context switches), from `wait4`
    /// once it was reaped; nil when it was not (it failed to start, or was reaped elsewhere).
    package var usage: ProcessUsage?

    /// The record's JSON keys, named for ``json(nestedWith:indent:)``; a property left out here
    /// would not be encoded (`LaunchRecordJSONTests` checks a record with every property
    /// set comes back whole).
    enum CodingKeys: String, CodingKey {
        case index, scenario, outcome, exitStatus, signal, wallNs, traceFile, message, lastPhase, stderrTail
        case evictedBytes, readyWhen, readyNs, shutdown, stdoutTail, leftoverProcesses, preMain, usage
        case firstWindowNs, firstFrameNs, startedAtNs, followed, framePicture, windowTitle
    }

    /// Creates a launch record.
    package init(
        index: Int, scenario: Scenario, outcome: Outcome, exitStatus: Int32? = nil, signal: Int32? = nil,
        wallNs: Int64, traceFile: String? = nil, message: String? = nil, lastPhase: String? = nil,
        stderrTail: String? = nil,
        evictedBytes: Int64? = nil
    ) {
        self.index = index
        self.scenario = scenario
        self.outcome = outcome
        self.exitStatus = exitStatus
        self.signal = signal
        self.wallNs = wallNs
        self.traceFile = traceFile
        self.message = message
        self.lastPhase = lastPhase
        self.stderrTail = stderrTail
        self.evictedBytes = evictedBytes
    }
}

extension LaunchRecord {
    /// What a failed launch's ``message`` says before the last three lines of its standard error,
    /// which it ends with.
    package static let standardErrorLead = " Its standard error ended with:\n"

    /// The ``message`` without the lines of standard error it ends with: for an output that shows
    /// the longer ``stderrTail`` after it, so that no line is shown twice.
    package var messageWithoutStandardError: String? {
        message.map { $0.components(separatedBy: Self.standardErrorLead)[0] }
    }
}
