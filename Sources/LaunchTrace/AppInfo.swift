/// The app that launched.
public struct AppInfo: Codable, Sendable, Equatable {
    /// The app's name (the executable's file name unless the app sets one).
    public var name: String
    /// Absolute path of the executable (`/proc/self/exe`).
    public var executablePath: String
    /// Which path the launch took: `storyboard`, `code`, or `none` when no LaunchKit pipeline ran.
    public var interface: AppInterface
    /// The Info.plist that was read, if any.
    public var infoPlistPath: String?

    /// Creates app information.
    public init(name: String, executablePath: String, interface: AppInterface, infoPlistPath: String?) {
        self.name = name
        self.executablePath = executablePath
        self.interface = interface
        self.infoPlistPath = infoPlistPath
    }
}
