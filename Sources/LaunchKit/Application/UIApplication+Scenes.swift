extension UIApplication {
    /// The connected scenes: a scene-based app's window scene from `scene(_:willConnectTo:options:)`
    /// until `sceneDidDisconnect`; none on the app-delegate path.
    public var connectedScenes: Set<UIScene> {
        guard let scene = lifecycle?.sceneConnection?.scene, scene.session.scene != nil else { return [] }
        return [scene]
    }

    /// The sessions of the connected scenes.
    public var openSessions: Set<UISceneSession> {
        Set(connectedScenes.map(\.session))
    }
}
