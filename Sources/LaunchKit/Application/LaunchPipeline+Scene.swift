import LaunchProbe

extension LaunchPipeline {
    /// Connects a scene-based app's window scene, after `didFinishLaunching`, as UIKit does:
    ///
    /// - `sceneConfiguration`: the Info.plist's scene configurations are checked (every class
    ///   resolved), a session is made, and the app delegate's
    ///   `application(_:configurationForConnecting:options:)` chooses the configuration.
    /// - `sceneWillConnect`: the scene and its delegate are created, the configuration's
    ///   storyboard (if any) is loaded into a window of the scene, and the scene delegate's
    ///   `scene(_:willConnectTo:options:)` runs.
    ///
    /// From then on the scene's delegate hears of the life cycle. `recordsPhases` is false when the
    /// scene connects after the launch (an app launched in the background, brought to the foreground).
    func connectScene(
        _ manifest: SceneManifest, infoPlist: InfoPlist, application: UIApplication, recordsPhases: Bool = true
    ) throws(LaunchKitError) -> SceneConnection {
        if recordsPhases { probe.begin(.sceneConfiguration) }
        SceneConfigurationTable.current = try SceneConfigurationTable(manifest: manifest, path: infoPlist.url.path)
        let options = LaunchOptions.connectionOptions(from: environment)
        let session = UISceneSession(
            role: .windowApplication, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication))
        if let delegate {
            session.configuration = delegate.application(
                application, configurationForConnecting: session, options: options)
        }
        let configuration = session.configuration
        let sceneClass = try Self.sceneClass(of: configuration)
        let delegateClass = try Self.sceneDelegateClass(of: configuration)

        if recordsPhases { probe.begin(.sceneWillConnect) }
        let scene = sceneClass.init(session: session, connectionOptions: options)
        session.scene = scene
        let sceneDelegate = delegateClass.map { $0.init() as? any UISceneDelegate } ?? nil
        scene.delegate = sceneDelegate
        var storyboardWindow: UIWindow?
        if let name = configuration.storyboard?.name {
            storyboardWindow = try loadSceneStoryboard(named: name, infoPlist: infoPlist, scene: scene)
        }
        interface = storyboardWindow == nil ? .code : .storyboard
        probe.describeApp(name: appName, interface: interface, infoPlistPath: infoPlist.url.path)
        let connection = SceneConnection(
            scene: scene, storyboardWindow: storyboardWindow, application: application, appDelegate: delegate)
        sceneConnection = connection
        callbacks = connection
        sceneDelegate?.scene(scene, willConnectTo: session, options: options)
        return connection
    }

    /// Loads the scene's storyboard and makes its window: the initial view controller as the
    /// root of a window of `scene`, assigned to the scene delegate's `window`.
    private func loadSceneStoryboard(named name: String, infoPlist: InfoPlist, scene: UIWindowScene)
        throws(LaunchKitError) -> UIWindow
    {
        let url = infoPlist.directory.appending(path: "\(name).storyboard")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LaunchKitError(
                kind: .missingStoryboard, file: url.path, key: "UISceneStoryboardFile",
                message:
                    "The scene configuration names the storyboard \"\(name)\" (UISceneStoryboardFile in the Info.plist at \(infoPlist.url.path), or UIStoryboard(name:bundle:)), but \(url.path) does not exist; expected that file, or no storyboard for a window made in scene(_:willConnectTo:options:)."
            )
        }
        let storyboard = try Storyboard.load(from: url)
        let window = UIWindow(windowScene: scene)
        window.rootViewController = storyboard.instantiateInitialViewController()
        (scene.delegate as? any UIWindowSceneDelegate)?.window = window
        return window
    }

    private static func sceneClass(of configuration: UISceneConfiguration) throws(LaunchKitError) -> UIWindowScene.Type
    {
        guard let given = configuration.sceneClass else { return UIWindowScene.self }
        guard let sceneClass = given as? UIWindowScene.Type else {
            throw wrongKind(
                String(reflecting: given), role: "scene class", key: "UISceneConfiguration.sceneClass",
                expected: "UIWindowScene or a subclass of it")
        }
        return sceneClass
    }

    private static func sceneDelegateClass(of configuration: UISceneConfiguration) throws(LaunchKitError)
        -> UIResponder.Type?
    {
        guard let given = configuration.delegateClass else { return nil }
        guard given is any UISceneDelegate.Type, let responderClass = given as? UIResponder.Type else {
            throw wrongKind(
                String(reflecting: given), role: "scene delegate class", key: "UISceneConfiguration.delegateClass",
                expected: "a UIResponder subclass that adopts UISceneDelegate")
        }
        return responderClass
    }
}
