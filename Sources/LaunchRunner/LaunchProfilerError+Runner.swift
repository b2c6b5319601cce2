import LaunchTrace

extension LaunchProfilerError.Code {
    /// `posix_spawn` failed.
    package static let spawnFailed = Self("spawnFailed")
    /// The executable does not exist or is not executable.
    package static let notExecutable = Self("notExecutable")
    /// A socket for the app's progress events could not be made.
    package static let eventSocketFailed = Self("eventSocketFailed")
    /// The output folder cannot be created or written.
    package static let outputNotWritable = Self("outputNotWritable")
    /// The handlers of SIGINT, SIGTERM and SIGHUP cannot be installed.
    package static let interruptionSetup = Self("interruptionSetup")
    /// A list of CPUs (`--cpu`, `--own-cpu`) names no CPU that can be used.
    package static let invalidCPUList = Self("invalidCPUList")
    /// launchprof was interrupted (SIGINT, SIGTERM, SIGHUP) during a step that cannot keep a
    /// partial result, as a build or the start of a display: the command ends with exit 130
    /// (`ProfilerExitStatus.interrupted`).
    package static let interrupted = Self("interrupted")
}

extension LaunchProfilerError {
    /// The app `executable` could not be started; `reason` is the system's error text.
    package static func spawnFailed(executable: String, reason: String) -> Self {
        Self(
            .spawnFailed, "The app \(executable) could not be started: \(reason).",
            context: Context(file: executable, reason: reason, mentionsLocation: true))
    }

    /// The app at `path` does not exist or is not an executable file.
    package static func notExecutable(path: String) -> Self {
        Self(
            .notExecutable, "The app \(path) does not exist or is not an executable file.",
            context: Context(file: path, mentionsLocation: true))
    }

    /// The event socket for the app could not be created.
    package static func eventSocketFailed(reason: String) -> Self {
        Self(
            .eventSocketFailed, "The event socket for the app could not be created: \(reason).",
            context: Context(reason: reason))
    }

    /// The output folder `path` cannot be written.
    package static func outputNotWritable(path: String, reason: String) -> Self {
        Self(
            .outputNotWritable, "The output folder \(path) cannot be written: \(reason).",
            context: Context(file: path, reason: reason, mentionsLocation: true))
    }

    /// The CPU list `list` of `option` cannot be used: `problem` says why, in a sentence.
    package static func invalidCPUList(option: String, list: String, problem: String) -> Self {
        Self(
            .invalidCPUList, "\(option) \(list): \(problem)", context: Context(reason: problem, mentionsLocation: true))
    }
}
