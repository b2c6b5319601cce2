extension UIScene {
    /// Why a scene connects: the URLs to open, the user activities to continue, the
    /// notification opened, as UIKit
    /// hands them to `application(_:configurationForConnecting:options:)` and
    /// `scene(_:willConnectTo:options:)`.
    ///
    /// LaunchKit fills them from the environment: `LAUNCHKIT_LAUNCH_URL` (with
    /// `LAUNCHKIT_SOURCE_APPLICATION`) gives one ``urlContexts`` entry, `LAUNCHKIT_USER_ACTIVITY_TYPE`
    /// one ``userActivities`` entry, `LAUNCHKIT_NOTIFICATION` the ``notificationResponse`` (the
    /// notification opened with its default action). A plain launch has none.
    ///
    /// ```swift
    /// if let url = connectionOptions.urlContexts.first?.url { open(url) }
    /// ```
    @MainActor
    public final class ConnectionOptions {
        /// The URLs to open.
        public let urlContexts: Set<UIOpenURLContext>
        /// The bundle identifier of the app that asked to open them, if known.
        public let sourceApplication: String?
        /// The user activities to continue.
        public let userActivities: Set<NSUserActivity>
        /// The response to the notification the app was launched to open, if any.
        public let notificationResponse: UNNotificationResponse?
        /// The type of the user activity handed off, if any.
        public var handoffUserActivityType: String? { userActivities.first?.activityType }

        /// Connection options with these reasons (none by default).
        public init(
            urlContexts: Set<UIOpenURLContext> = [], sourceApplication: String? = nil,
            userActivities: Set<NSUserActivity> = [], notificationResponse: UNNotificationResponse? = nil
        ) {
            self.urlContexts = urlContexts
            self.sourceApplication = sourceApplication
            self.userActivities = userActivities
            self.notificationResponse = notificationResponse
        }
    }
}
