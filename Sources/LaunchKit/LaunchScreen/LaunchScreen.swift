import LaunchProbe

/// The launch screen of an app whose Info.plist names one (`UILaunchStoryboardName`), as UIKit
/// shows it: the storyboard's initial view, drawn as early as the process can, before the app
/// delegate exists, and kept until the app's first frame replaces it.
///
/// On a display its top-level window is handed to the app's first window, so the first frame
/// is drawn over the launch screen's pixels in place (no gap between them); when the app shows
/// no window, the launch screen's window is closed at the first frame. The launch screen is not
/// one of the app's windows (`UIApplication.windows`), as in UIKit.
@MainActor
final class LaunchScreen {
    /// The window that draws the launch storyboard's view; it stays hidden to the app.
    let window: UIWindow
    /// The launch screen's top-level window on the display, until it is handed over or closed.
    private(set) var displayWindow: DisplayWindow?

    /// The span that times drawing the launch screen (and putting it on the display).
    static let span = "launchScreen.show"

    private init(window: UIWindow) {
        self.window = window
    }

    /// Loads the launch storyboard `name`, beside the Info.plist.
    static func load(named name: String, infoPlist: InfoPlist) throws(LaunchKitError) -> LaunchScreen {
        let url = infoPlist.directory.appending(path: "\(name).storyboard")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LaunchKitError(
                kind: .missingStoryboard, file: url.path, key: "UILaunchStoryboardName",
                message:
                    "The Info.plist at \(infoPlist.url.path) sets UILaunchStoryboardName to \"\(name)\", but the storyboard \(url.path) does not exist; expected that file, or no UILaunchStoryboardName for no launch screen."
            )
        }
        let storyboard = try Storyboard.load(from: url)
        let window = UIWindow()
        window.rootViewController = storyboard.instantiateInitialViewController()
        return LaunchScreen(window: window)
    }

    /// Draws the launch screen and, with a display, puts it there and waits until the display
    /// took it; then records the time to launch screen.
    func show(in application: UIApplication) {
        application.probe.measure(Self.span) {
            window.commit()
            if let display = application.display, let frame = window.lastCommittedFrame,
                let shown = display.makeWindow(for: window)
            {
                shown.setVisible(true)
                shown.put(frame)
                display.synchronize(isAppFrame: false)
                displayWindow = shown
            }
        }
        application.probe.launchScreenShown()
    }

    /// Gives the launch screen's top-level window to the app's first window of the same size,
    /// which draws its first frame in it; `nil` when there is none to give.
    func handOver(to appWindow: UIWindow) -> DisplayWindow? {
        guard let shown = displayWindow, appWindow.bounds.size == window.bounds.size else { return nil }
        displayWindow = nil
        return shown
    }

    /// Closes the launch screen's top-level window unless it was handed over: the app's first
    /// frame is on the display.
    func dismiss() {
        displayWindow?.setVisible(false)
        displayWindow = nil
    }
}
