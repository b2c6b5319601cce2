import LaunchProbe

extension LaunchPipeline {
    /// The first return to the foreground of an app launched in the background does what the
    /// launch did not: a scene-based app's scene connects (`configurationForConnecting`,
    /// `scene(_:willConnectTo:options:)`), as UIKit connects it when a person opens the app. No
    /// phase is recorded: the launch ended when `didFinishLaunching` returned.
    func connectAfterBackgroundLaunch(_ application: UIApplication) {
        awaitsFirstForeground = false
        guard let infoPlist, let manifest = infoPlist.sceneManifest else { return }
        do throws(LaunchKitError) {
            _ = try connectScene(manifest, infoPlist: infoPlist, application: application, recordsPhases: false)
        } catch {
            LaunchFailure.exit(with: error)
        }
    }

    /// Shows the window the background launch did not: the scene's storyboard window, or on the
    /// app-delegate path the main storyboard's.
    func showWindowAfterBackgroundLaunch() {
        if let sceneConnection {
            sceneConnection.showStoryboardWindow()
        } else if storyboard != nil, let window = delegate?.window, window.isHidden {
            window.makeKeyAndVisible()
        }
    }
}
