/// A connected scene, as in UIKit: its session, its activation state and its delegate.
/// The app's window scene is a ``UIWindowScene``.
///
/// LaunchKit creates the scene when it connects (after the app delegate's
/// `application(_:configurationForConnecting:options:)`), then its delegate, and calls the
/// delegate's life-cycle methods as the scene changes state.
@MainActor
open class UIScene: UIResponder, Hashable {
    /// The scene's session.
    public let session: UISceneSession
    /// Whether the scene is unattached, in the foreground (active or not) or in the background.
    public internal(set) var activationState: ActivationState = .unattached
    /// The scene's delegate, created from the configuration's ``UISceneConfiguration/delegateClass``.
    /// The scene keeps it, as UIKit's does.
    public var delegate: (any UISceneDelegate)?
    /// The scene's title.
    public var title: String?

    /// A scene for `session`, connected with `connectionOptions`.
    public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
    }

    /// A scene with a session of its own (the window role, an empty configuration).
    public required convenience init() {
        self.init(
            session: UISceneSession(
                role: .windowApplication,
                configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication)),
            connectionOptions: ConnectionOptions())
    }

    /// The application, as the next responder.
    open override var next: UIResponder? { UIApplication.current }

    /// Scenes are equal when they are the same object.
    nonisolated public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
