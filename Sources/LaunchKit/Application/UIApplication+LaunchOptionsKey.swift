extension UIApplication {
    /// A key of the launch options dictionary passed to both launching callbacks: why the
    /// app was launched.
    ///
    /// ```swift
    /// if let url = launchOptions?[.url] as? URL { open(url) }
    /// ```
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public var rawValue: String

        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a key.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The app was launched to open a URL (a `URL`). LaunchKit sets it from `LAUNCHKIT_LAUNCH_URL`.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked to open the URL (a `String`).
        /// LaunchKit sets it from `LAUNCHKIT_SOURCE_APPLICATION`.
        public static let sourceApplication = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        /// The app was launched for a remote notification (its payload, a dictionary).
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// The app was launched for a local notification.
        public static let localNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")
        /// Extra data that came with a URL to open.
        public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        /// The app was launched for a location event.
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
        /// The app was launched to continue a user activity (its type, a `String`).
        public static let userActivityType = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
        /// The app was launched from a home-screen quick action.
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    }
}

/// The Swift 4 spelling of ``UIApplication/LaunchOptionsKey``, which seed 002's code uses.
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey
