import LaunchKit

UIApplicationMain(
    CommandLine.argc,
    UnsafeMutableRawPointer(CommandLine.unsafeArgv).bindMemory(
        to: UnsafeMutablePointer<Int8>.self, capacity: Int(CommandLine.argc)),
    nil,
    NSStringFromClass(AppDelegate.self))
