import LaunchKit
import LaunchProbe

/// SampleApp's app delegate. Launches the way many real apps do, with slow work on the main
/// thread, each kind in its own named function and probe span (the scene delegate does the
/// rest, for the first screen):
///
/// | span | function | kind | callback |
/// |---|---|---|---|
/// | `config.load` | `AppConfiguration.load()` | small file read and JSON decode | `willFinishLaunching` |
/// | `license.verify` | `LicenseCheck.verify()` | sleep (as if waiting for a server) | `didFinishLaunching` |
/// | `remoteConfig.fetch` | `RemoteConfig.fetchBlocking()` | semaphore wait for a global-queue job | `didFinishLaunching` |
/// | `thumbnails.warm` | `ThumbnailCache.warmSynchronously()` | file I/O with fsync | `didFinishLaunching` |
/// | `catalog.load` | `CatalogStore.load()` | CPU-heavy decoding and indexing | see below |
///
/// With `AppBundle/Info.plist` the app is scene-based: `SceneDelegate` loads the catalog in
/// `scene(_:willConnectTo:options:)`, and the window comes from the scene's `Main.storyboard`
/// (with `LAUNCHKIT_BUNDLE=<AppBundle>/CodePath` the scene delegate makes it). On the
/// app-delegate path (`LAUNCHKIT_BUNDLE=<AppBundle>/AppDelegatePath`, the main storyboard's
/// window) the catalog loads in `didFinishLaunching`.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let probe = LaunchProbe.shared
        do {
            let configuration = try probe.measure("config.load") { try AppConfiguration.load() }
            AppConfiguration.current = configuration
        } catch {
            FileHandle.standardError.write(Data("SampleApp: \(error)\n".utf8))
        }
        return true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let probe = LaunchProbe.shared
        if launchOptions?[.remoteNotification] is [AnyHashable: Any] { probe.mark("remoteNotification") }
        let configuration = AppConfiguration.current
        probe.measure("license.verify") { LicenseCheck.verify() }
        _ = probe.measure("remoteConfig.fetch") { RemoteConfig.fetchBlocking() }
        _ = probe.measure("thumbnails.warm") {
            ThumbnailCache.warmSynchronously(megabytes: configuration.thumbnailCacheMegabytes)
        }
        // The main storyboard's window is already here on the app-delegate path; a scene-based
        // launch has none, and its scene delegate loads the catalog for the scene's first screen.
        if window != nil { CatalogStore.shared.loadAtLaunch() }
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}
