/// The identifier of the action a person takes by opening a notification itself
/// (`UNNotificationDefaultActionIdentifier` in UserNotifications).
// swift-format-ignore: AlwaysUseLowerCamelCase
// UserNotifications' name, so that an app's code compiles unchanged.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

/// A person's response to a notification, as UserNotifications has it: a scene-based app
/// launched because a notification was opened finds it in its connection options
/// (``UIScene/ConnectionOptions/notificationResponse``).
///
/// ```swift
/// if let response = connectionOptions.notificationResponse {
///     route(response.notification.request.content.userInfo)
/// }
/// ```
open class UNNotificationResponse {
    /// The notification responded to.
    public let notification: UNNotification
    /// The action taken: ``UNNotificationDefaultActionIdentifier`` when the notification was opened.
    public let actionIdentifier: String

    /// A response to `notification` with `actionIdentifier`.
    public init(notification: UNNotification, actionIdentifier: String = UNNotificationDefaultActionIdentifier) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}
