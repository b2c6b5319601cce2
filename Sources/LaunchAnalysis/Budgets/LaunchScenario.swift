/// The launch scenarios a budget can apply to.
public enum LaunchScenario: String, Codable, Sendable, CaseIterable {
    /// The app's files are in the page cache (a relaunch).
    case warm
    /// The app's files were evicted from the page cache before the launch.
    case cold
    /// The app returns from the background to the foreground.
    case resume
}
