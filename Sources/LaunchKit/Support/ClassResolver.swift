/// Turns class names from `UIApplicationMain` arguments and storyboards into classes.
///
/// LaunchKit's own classes resolve by their UIKit names (`UIView`, `UIViewController`,
/// `UIApplication`, `UIWindow`) or qualified (`LaunchKit.UIView`); every other name goes
/// to `NSClassFromString`, which on Linux needs the module-qualified name
/// (`SampleApp.AppDelegate`, as `NSStringFromClass` returns it).
enum ClassResolver {
    /// The class named `name`, or `nil` when no class has that name.
    static func resolve(_ name: String) -> AnyClass? {
        let trimmed = name.hasPrefix("LaunchKit.") ? String(name.dropFirst("LaunchKit.".count)) : name
        switch trimmed {
        case "UIResponder": return UIResponder.self
        case "UIApplication": return UIApplication.self
        case "UIView": return UIView.self
        case "UIWindow": return UIWindow.self
        case "UIViewController": return UIViewController.self
        case "UIScene": return UIScene.self
        case "UIWindowScene": return UIWindowScene.self
        default: break
        }
        guard !name.isEmpty, name.split(separator: ".").count <= 2 else { return nil }
        return NSClassFromString(name)
    }
}
