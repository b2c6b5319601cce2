/// An activity the user was doing, to continue: Foundation's `NSUserActivity` on Apple
/// platforms, which Foundation on Linux does not have. A scene's connection options carry
/// the activities it is to continue.
///
/// ```swift
/// if let activity = connectionOptions.userActivities.first { restore(activity.activityType) }
/// ```
open class NSUserActivity: Hashable {
    /// The activity's type (reverse-DNS, `com.example.app.browsing`).
    public let activityType: String
    /// The activity's title, if any.
    open var title: String?
    /// A web page the activity can continue in, if any.
    open var webpageURL: URL?
    /// The activity's own data.
    open var userInfo: [AnyHashable: Any]?

    /// An activity of `activityType`.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// Activities are equal when they are the same object.
    public static func == (lhs: NSUserActivity, rhs: NSUserActivity) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
