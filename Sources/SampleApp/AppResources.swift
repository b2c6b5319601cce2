import LaunchKit

/// Finds the files SampleApp ships in its `AppBundle` resource directory.
enum AppResources {
    /// The `AppBundle` directory inside SampleApp's SwiftPM resource bundle.
    static var directory: URL {
        Bundle.module.bundleURL.appending(path: "AppBundle")
    }

    /// A file in the `AppBundle` directory.
    static func url(_ name: String) -> URL {
        directory.appending(path: name)
    }
}
