/// The app that launched.
package struct AppInfo: Codable, Sendable, Equatable {
    /// The app's name (the executable's file name unless the app sets one).
    package var name: String
    /// Absolute path of the executable (`/proc/self/exe`).
    package var executablePath: String
    /// Which path the launch took: `storyboard`, `code`, or `none` when no LaunchKit pipeline ran.
    package var interface: AppInterface
    /// The Info.plist that was read, if any.
    package var infoPlistPath: String?

    /// Creates app information.
    package init(name: String, executablePath: String, interface: AppInterface, infoPlistPath: String?) {
        self.name = name
        self.executablePath = executablePath
        self.interface = interface
        self.infoPlistPath = infoPlistPath
    }
}
