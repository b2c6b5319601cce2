// FixtureApp: a small LaunchKit app whose behaviour the tests choose with FIXTURE_BEHAVIOR
// (see FixtureBehavior). It reads its Info.plist from LAUNCHKIT_BUNDLE when that is set,
// and takes the code path otherwise.
import LaunchKit

let behavior = FixtureBehavior.current
switch behavior {
case .badDelegate:
    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, "FixtureApp.NoSuchDelegate")
case .wrongKindDelegate:
    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(NotADelegate.self))
default:
    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(FixtureDelegate.self))
}
