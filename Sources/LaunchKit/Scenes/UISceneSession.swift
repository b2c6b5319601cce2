/// A scene's session: its role and the configuration it was connected with, as in UIKit.
///
/// LaunchKit creates one session, for the app's one window scene, when it connects the scene.
///
/// ```swift
/// UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
/// ```
@MainActor
public final class UISceneSession: Hashable {
    /// What the scene does: ``Role/windowApplication`` for the app's window.
    public let role: Role
    /// The configuration the scene was connected with.
    public internal(set) var configuration: UISceneConfiguration
    /// The scene of this session while it is connected.
    public internal(set) weak var scene: UIScene?
    /// An identifier unique to the session.
    public let persistentIdentifier: String
    /// The app's own data about the session.
    public var userInfo: [String: Any]?

    init(role: Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
        self.persistentIdentifier = UUID().uuidString
    }

    /// Sessions are equal when they are the same object.
    nonisolated public static func == (lhs: UISceneSession, rhs: UISceneSession) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
