extension UIWindow {
    /// The stacking level of a window: `alert` above `statusBar` above `normal`.
    ///
    /// ```swift
    /// banner.windowLevel = .statusBar
    /// ```
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level's numeric value.
        public var rawValue: CGFloat

        /// Creates a level from its numeric value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// Creates a level from its numeric value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The level of app windows (0).
        public static let normal = Level(rawValue: 0)
        /// The level of the status bar (1000).
        public static let statusBar = Level(rawValue: 1000)
        /// The level of alerts (2000).
        public static let alert = Level(rawValue: 2000)

        /// Orders levels by value.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
