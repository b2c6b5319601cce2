/// A notification's content, as UserNotifications has it: for a remote notification, its
/// payload (``userInfo``) and the alert's title and body from its `aps.alert`.
open class UNNotificationContent {
    /// The payload, as the app's server sent it.
    public let userInfo: [AnyHashable: Any]
    /// The alert's title (`aps.alert.title`), or empty.
    public let title: String
    /// The alert's text (`aps.alert.body`, or `aps.alert` when it is a string), or empty.
    public let body: String

    /// The content of a remote notification with `userInfo` as its payload.
    public init(userInfo: [AnyHashable: Any]) {
        self.userInfo = userInfo
        let alert = (userInfo["aps"] as? [AnyHashable: Any])?["alert"]
        let fields = alert as? [AnyHashable: Any]
        title = fields?["title"] as? String ?? ""
        body = alert as? String ?? fields?["body"] as? String ?? ""
    }
}
