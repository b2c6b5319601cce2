import LaunchTrace

/// Performs launches: the seam under ``LaunchSession``. ``AppLauncher`` starts real processes;
/// the tests' scripted launcher returns results without any, so that the workflows above the
/// session (adaptive stopping, compare's blocks, interruption, failed launches) are tested
/// without processes.
///
/// ```swift
/// let session = try LaunchSession(specification: specification, warmup: 1, layout: folder, launcher: AppLauncher())
/// ```
package protocol Launcher: Sendable {
    /// Performs one launch and reports what happened, whatever happened: a crash, a hang, a
    /// missing trace are results, never thrown.
    func launch(_ request: LaunchRequest) -> LaunchResult

    /// Performs one launch up to the end of its process and returns what is left to do on its
    /// records (``PendingLaunch``), so that another launch can start first. By default the whole
    /// ``launch(_:)``.
    func start(_ request: LaunchRequest) -> PendingLaunch

    /// Makes a launch ready to start (``StagedLaunch``) without starting it, so that it can start
    /// the moment another launch ends. By default nothing is done before ``start(_:)``.
    func stage(_ request: LaunchRequest) -> StagedLaunch

    /// Refuses, before any launch, a specification this launcher cannot launch at all (a
    /// missing or non-executable program).
    ///
    /// - Throws: ``LaunchProfilerError`` naming the program and what is wrong with it.
    func check(_ specification: LaunchSpecification) throws(LaunchProfilerError)

    /// The signal that interrupted the run (SIGINT, SIGTERM, SIGHUP), or `nil` while it may go on:
    /// no launch starts after it is set.
    var interruption: Int32? { get }
}

extension Launcher {
    /// The whole launch at once (``launch(_:)``), nothing left pending.
    package func start(_ request: LaunchRequest) -> PendingLaunch {
        PendingLaunch(result: launch(request))
    }

    /// The launch, made ready only when it starts.
    package func stage(_ request: LaunchRequest) -> StagedLaunch {
        StagedLaunch { start(request) }
    }
}
