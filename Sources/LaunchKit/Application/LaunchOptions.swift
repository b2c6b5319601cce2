import LaunchTrace

/// Builds the launch options passed to both launching callbacks from the environment:
/// `LAUNCHKIT_LAUNCH_URL` gives ``UIApplication/LaunchOptionsKey/url`` and
/// `LAUNCHKIT_SOURCE_APPLICATION` gives ``UIApplication/LaunchOptionsKey/sourceApplication``.
/// `LAUNCHKIT_USER_ACTIVITY_TYPE` gives ``UIApplication/LaunchOptionsKey/userActivityType`` and
/// `LAUNCHKIT_NOTIFICATION` (a JSON object) gives ``UIApplication/LaunchOptionsKey/remoteNotification``
/// (`launchprof run --launch-reason` sets them, ``LaunchReason``). A plain launch has no options
/// (`nil`), as in UIKit. A scene-based app's scene gets the same reasons in its connection options.
enum LaunchOptions {
    /// Whether the app is launched in the background: `LAUNCHKIT_BACKGROUND_LAUNCH=1`
    /// (``LaunchTrace/Scenario/backgroundVariable``, which `launchprof run --scenario background`
    /// sets).
    static func isBackgroundLaunch(_ environment: [String: String]) -> Bool {
        environment[Scenario.backgroundVariable] == "1"
    }

    static func make(from environment: [String: String]) -> [UIApplication.LaunchOptionsKey: Any]? {
        var options: [UIApplication.LaunchOptionsKey: Any] = [:]
        if let text = environment[LaunchReason.urlVariable], !text.isEmpty, let url = URL(string: text) {
            options[.url] = url
        }
        if let source = environment["LAUNCHKIT_SOURCE_APPLICATION"], !source.isEmpty {
            options[.sourceApplication] = source
        }
        if let type = environment[LaunchReason.activityVariable], !type.isEmpty {
            options[.userActivityType] = type
        }
        if let json = environment[LaunchReason.notificationVariable],
            let payload = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        {
            options[.remoteNotification] = payload as [AnyHashable: Any]
        }
        return options.isEmpty ? nil : options
    }

    /// The scene's connection options from the same variables: the URL as a
    /// ``UIOpenURLContext`` (with the source application), the activity type as an ``NSUserActivity``,
    /// the notification's payload as a ``UNNotificationResponse`` (opened with its default action).
    @MainActor
    static func connectionOptions(from environment: [String: String]) -> UIScene.ConnectionOptions {
        let values = make(from: environment) ?? [:]
        let source = values[.sourceApplication] as? String
        let urls = (values[.url] as? URL).map { url in
            [UIOpenURLContext(url: url, options: UIScene.OpenURLOptions(sourceApplication: source))]
        }
        let activities = (values[.userActivityType] as? String).map { [NSUserActivity(activityType: $0)] }
        let response = (values[.remoteNotification] as? [AnyHashable: Any]).map { payload in
            let content = UNNotificationContent(userInfo: payload)
            return UNNotificationResponse(
                notification: UNNotification(
                    request: UNNotificationRequest(identifier: UUID().uuidString, content: content)))
        }
        return UIScene.ConnectionOptions(
            urlContexts: Set(urls ?? []), sourceApplication: source, userActivities: Set(activities ?? []),
            notificationResponse: response)
    }
}
