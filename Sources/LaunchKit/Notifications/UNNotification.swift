/// A delivered notification, as UserNotifications has it: its request and when it was delivered.
open class UNNotification {
    /// The request that was delivered: its identifier and content.
    public let request: UNNotificationRequest
    /// When the notification was delivered.
    public let date: Date

    /// A notification of `request` delivered at `date`.
    public init(request: UNNotificationRequest, date: Date = Date()) {
        self.request = request
        self.date = date
    }
}
