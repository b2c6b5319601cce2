extension UIScene {
    /// How a URL came to be opened (``UIOpenURLContext/options``).
    public struct OpenURLOptions: Sendable, Hashable {
        /// The bundle identifier of the app that asked to open the URL, if known.
        public var sourceApplication: String?
        /// Whether the file at the URL is to be opened in place.
        public var openInPlace: Bool

        /// Options with a source application, not in place.
        public init(sourceApplication: String? = nil, openInPlace: Bool = false) {
            self.sourceApplication = sourceApplication
            self.openInPlace = openInPlace
        }
    }
}
