extension UISceneSession {
    /// A scene session's role, by UIKit's raw value (the Info.plist's key in `UISceneConfigurations`).
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// The role's string, as the Info.plist spells it.
        public var rawValue: String

        /// Creates a role.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a role.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The app's main window scene (`UIWindowSceneSessionRoleApplication`).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
}
