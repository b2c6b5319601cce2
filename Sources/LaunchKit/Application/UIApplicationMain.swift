import LaunchProbe

/// Creates the application and its delegate, reads the Info.plist, runs the launch and
/// then the main run loop; never returns while the app runs. Declared as UIKit declares it,
/// so seed 002's `main.swift` compiles unchanged:
///
/// ```swift
/// UIApplicationMain(
///     CommandLine.argc,
///     UnsafeMutableRawPointer(CommandLine.unsafeArgv).bindMemory(to: UnsafeMutablePointer<Int8>.self, capacity: Int(CommandLine.argc)),
///     nil,
///     NSStringFromClass(AppDelegate.self))
/// ```
///
/// It must be called on the main thread (a fatal error otherwise), from top-level code in
/// either language mode. Class names resolve at run time with `NSClassFromString`; `nil`
/// for the principal class means `UIApplication`. A launch configuration problem (a class
/// that does not exist or is of the wrong kind, a bad Info.plist or storyboard) prints a
/// sentence naming it to standard error and exits with status 1.
///
/// - Parameters:
///   - argc: the argument count (not used beyond what UIKit does on Linux: nothing).
///   - argv: the arguments.
///   - principalClassName: `UIApplication` or a subclass, by name; `nil` for `UIApplication`.
///   - delegateClassName: the delegate class, by name (`NSStringFromClass(AppDelegate.self)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
// UIKit's name, so that an app's main.swift compiles unchanged.
@discardableResult
public func UIApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>,
    _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
    runApplicationMain(principal: principalClassName.map { .named($0) }, delegate: delegateClassName.map { .named($0) })
}

/// ``UIApplicationMain(_:_:_:_:)-(_,UnsafeMutablePointer<UnsafeMutablePointer<CChar>>,_,_)``
/// taking `CommandLine.unsafeArgv` as it is:
///
/// ```swift
/// UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
/// ```
// swift-format-ignore: AlwaysUseLowerCamelCase
// UIKit's name, so that an app's main.swift compiles unchanged.
@discardableResult
public func UIApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ principalClassName: String?, _ delegateClassName: String?
) -> Int32 {
    runApplicationMain(principal: principalClassName.map { .named($0) }, delegate: delegateClassName.map { .named($0) })
}

/// `UIApplicationMain` with the classes given as types, checked by the compiler:
///
/// ```swift
/// UIApplicationMain(principalClass: UIApplication.self, delegateClass: AppDelegate.self)
/// ```
///
/// The delegate class must be a ``UIResponder`` subclass (it is created with `init()`).
// swift-format-ignore: AlwaysUseLowerCamelCase
// UIKit's name, so that an app's main.swift compiles unchanged.
@discardableResult
public func UIApplicationMain(
    principalClass: UIApplication.Type = UIApplication.self, delegateClass: any UIApplicationDelegate.Type
) -> Int32 {
    runApplicationMain(principal: .type(principalClass), delegate: .type(delegateClass))
}

private func runApplicationMain(principal: LaunchPipeline.ClassReference?, delegate: LaunchPipeline.ClassReference?)
    -> Never
{
    guard Thread.isMainThread else {
        fatalError(
            "UIApplicationMain must be called on the main thread (from top-level code in main.swift), not on another thread."
        )
    }
    MainActor.assumeIsolated {
        let pipeline = LaunchPipeline(
            principal: principal, delegate: delegate,
            environment: ProcessInfo.processInfo.environment,
            locator: .forCurrentProcess(), probe: .shared, schedulerMode: .mainQueue
        )
        LaunchPipeline.running = pipeline
        let signals = LifecycleSignals()
        signals.install(for: pipeline)
        pipeline.signals = signals
        do throws(LaunchKitError) {
            try pipeline.launch()
        } catch {
            LaunchFailure.exit(with: error)
        }
    }
    // Keeps the run loop alive even when nothing else is attached to it.
    RunLoop.main.add(Timer(timeInterval: 86_400, repeats: true) { _ in }, forMode: .default)
    while true {
        RunLoop.main.run()
    }
}
