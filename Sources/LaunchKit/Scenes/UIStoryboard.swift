/// A storyboard named for a scene configuration: `<name>.storyboard` beside the app's
/// Info.plist (LaunchKit's JSON storyboard format, docs/LaunchKit.md).
///
/// LaunchKit loads it when the scene connects: a missing or invalid file is an error then,
/// naming the file.
///
/// ```swift
/// configuration.storyboard = UIStoryboard(name: "Main", bundle: nil)
/// ```
public final class UIStoryboard: Sendable {
    /// The storyboard's base name (`Main` for `Main.storyboard`).
    public let name: String

    /// A storyboard called `name`; `bundle` is accepted as UIKit's is (the app's bundle is
    /// the directory of its Info.plist).
    public init(name: String, bundle: Bundle?) {
        self.name = name
    }
}
