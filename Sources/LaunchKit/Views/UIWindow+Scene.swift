extension UIWindow {
    /// A hidden window of `windowScene`, covering its screen, as a scene delegate makes it:
    ///
    /// ```swift
    /// let window = UIWindow(windowScene: windowScene)
    /// window.rootViewController = ViewController()
    /// window.makeKeyAndVisible()
    /// ```
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        // Property observers do not run in an initializer: attach here.
        self.windowScene = windowScene
        windowScene.attach(self)
    }
}
