// Seed 002's AppDelegate ("App without storyboard"), verbatim but for `import LaunchKit`
// in place of `import UIKit`, and `@UIApplicationMain` removed (main.swift replaces it).
// The seed prints `var window : UIWindow? func application(...)` on one line, which is
// not valid Swift; the only other change is the line break after `UIWindow?`.
import LaunchKit

class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey: Any]?
    ) -> Bool {
        self.window = self.window ?? UIWindow()
        self.window!.backgroundColor = .white
        self.window!.rootViewController = ViewController()
        self.window!.makeKeyAndVisible()
        return true
    }
}
