import LaunchTrace

extension LaunchProfilerError.Code {
    /// A display server (Xvfb, weston) or observer library is not installed.
    package static let displayMissing = Self("displayMissing")
    /// A headless display server could not be started or did not accept clients.
    package static let displayFailed = Self("displayFailed")
    /// `--display host` with neither `DISPLAY` nor `WAYLAND_DISPLAY` set.
    package static let noHostDisplay = Self("noHostDisplay")
    /// The display cannot be watched for a window or frame.
    package static let displayNotObservable = Self("displayNotObservable")
}

extension LaunchProfilerError {
    /// `program` is not on `PATH`; the Debian `package` has it.
    static func displayMissing(program: String, package: String) -> Self {
        Self(
            .displayMissing,
            "\(program) is not installed, and the display needs it: install the Debian package \(package) (apt-get install \(package)).",
            context: Context(reason: "\(program) not found on PATH"))
    }

    /// The display server `server` failed to start for `reason`; `log` is the end of its output.
    static func displayFailed(server: String, reason: String, log: String?) -> Self {
        let output = log.map { " Its output ended with:\n\($0)" } ?? ""
        return Self(
            .displayFailed, "The headless display server \(server) could not be started: \(reason).\(output)",
            context: Context(file: server, reason: reason, mentionsLocation: true))
    }

    /// launchprof was interrupted by `signal` while the display server `server` was starting: it
    /// was ended and its files removed; the command exits 130.
    static func displayInterrupted(server: String, signal: Int32) -> Self {
        Self(
            .interrupted,
            "The headless display server \(server) was still starting when launchprof received \(AppLauncher.signalName(signal)); it was ended and its files removed.",
            context: Context(file: server, reason: "interrupted by signal \(signal)", mentionsLocation: true))
    }

    /// `--display host` without a display in the environment.
    static func noHostDisplay() -> Self {
        Self(
            .noHostDisplay,
            "--display host uses the display of launchprof's environment, but neither DISPLAY nor WAYLAND_DISPLAY is set; use --display x11 or --display wayland for a headless one.",
            context: Context(reason: "no DISPLAY nor WAYLAND_DISPLAY"))
    }

    /// The display cannot be watched: `reason` says why.
    static func displayNotObservable(_ reason: String) -> Self {
        Self(
            .displayNotObservable, "The display cannot be watched for a window or frame: \(reason)",
            context: Context(reason: reason))
    }
}
