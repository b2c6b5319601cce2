/// A notification's request, as UserNotifications has it: an identifier and the content.
open class UNNotificationRequest {
    /// The request's identifier.
    public let identifier: String
    /// What the notification shows and carries.
    public let content: UNNotificationContent

    /// A request with `identifier` and `content`.
    public init(identifier: String, content: UNNotificationContent) {
        self.identifier = identifier
        self.content = content
    }
}
