import Foundation

/// The test fixtures (`Tests/LaunchKitTests/Fixtures`, copied into the test bundle).
enum Fixtures {
    /// The fixtures directory.
    static var directory: URL {
        Bundle.module.bundleURL.appending(path: "Fixtures")
    }

    /// A fixture bundle directory (one holding an Info.plist).
    static func bundle(_ name: String) -> URL {
        directory.appending(path: name)
    }
}
