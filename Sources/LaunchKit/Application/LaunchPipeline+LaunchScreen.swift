import LaunchProbe

extension LaunchPipeline {
    /// Shows the launch screen, in the `applicationObject` phase, before the delegate exists:
    /// reads the Info.plist (kept for the `infoPlist` phase), and when it names a launch
    /// storyboard (`UILaunchStoryboardName`), draws it, on the display when there is one. An app
    /// launched in the background shows none.
    func showLaunchScreen(for application: UIApplication) throws(LaunchKitError) {
        let infoPlist = try loadInfoPlist()
        earlyInfoPlist = infoPlist
        guard let infoPlist, let name = infoPlist.launchStoryboardName, !launchedInBackground else { return }
        application.displayTitle = infoPlist.bundleName ?? locator.executableURL?.lastPathComponent ?? "LaunchKit"
        let screen = try LaunchScreen.load(named: name, infoPlist: infoPlist)
        launchScreen = screen
        screen.show(in: application)
    }

    /// Finds and reads the Info.plist; `nil` when there is none (the code path).
    func loadInfoPlist() throws(LaunchKitError) -> InfoPlist? {
        let url = try locator.locateInfoPlist()
        return try url.map { url throws(LaunchKitError) in try InfoPlist.load(from: url) }
    }
}
