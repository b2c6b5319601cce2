/// Builds the launch options passed to both launching callbacks from the environment:
/// `LAUNCHKIT_LAUNCH_URL` gives ``UIApplication/LaunchOptionsKey/url`` and
/// `LAUNCHKIT_SOURCE_APPLICATION` gives ``UIApplication/LaunchOptionsKey/sourceApplication``.
/// A plain launch has no options (`nil`), as in UIKit.
enum LaunchOptions {
    static func make(from environment: [String: String]) -> [UIApplication.LaunchOptionsKey: Any]? {
        var options: [UIApplication.LaunchOptionsKey: Any] = [:]
        if let text = environment["LAUNCHKIT_LAUNCH_URL"], !text.isEmpty, let url = URL(string: text) {
            options[.url] = url
        }
        if let source = environment["LAUNCHKIT_SOURCE_APPLICATION"], !source.isEmpty {
            options[.sourceApplication] = source
        }
        return options.isEmpty ? nil : options
    }
}
