/// Which path a launch took to its first window (``AppInfo/interface``).
package enum AppInterface: String, Codable, Sendable, CaseIterable {
    /// `UIMainStoryboardFile` named a storyboard: its initial view controller and window.
    case storyboard
    /// The delegate created its window in code.
    case code
    /// No LaunchKit pipeline ran (an app that uses LaunchProbe alone).
    case none
}
