import LaunchKit
import LaunchProbe

/// SampleApp's delegate. Launches the way many real apps do, with slow work on the main
/// thread, each kind in its own named function and probe span:
///
/// | span | function | kind |
/// |---|---|---|
/// | `config.load` | `AppConfiguration.load()` | small file read and JSON decode |
/// | `license.verify` | `LicenseCheck.verify()` | sleep (as if waiting for a server) |
/// | `remoteConfig.fetch` | `RemoteConfig.fetchBlocking()` | semaphore wait for a global-queue job |
/// | `thumbnails.warm` | `ThumbnailCache.warmSynchronously()` | file I/O with fsync |
/// | `catalog.load` | `CatalogStore.load()` | CPU-heavy decoding and indexing |
///
/// With the storyboard (`AppBundle/Info.plist`) the window comes from `Main.storyboard`; with
/// `LAUNCHKIT_BUNDLE=<AppBundle>/CodePath` the delegate creates it, as seed 002 does.
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
        let configuration = AppConfiguration.current
        probe.measure("license.verify") { LicenseCheck.verify() }
        _ = probe.measure("remoteConfig.fetch") { RemoteConfig.fetchBlocking() }
        _ = probe.measure("thumbnails.warm") {
            ThumbnailCache.warmSynchronously(megabytes: configuration.thumbnailCacheMegabytes)
        }
        do {
            try probe.measure("catalog.load") { try CatalogStore.shared.load() }
        } catch {
            FileHandle.standardError.write(Data("SampleApp: \(error)\n".utf8))
        }
        if window == nil {
            let window = UIWindow()
            window.backgroundColor = .white
            window.rootViewController = CatalogViewController()
            window.makeKeyAndVisible()
            self.window = window
        }
        return true
    }
}
