import Foundation
import LaunchTrace

/// Ends a launch that cannot go on because of the app's configuration: prints the error's
/// sentence to standard error and exits with status 1.
enum LaunchFailure {
    static func exit(with error: LaunchKitError) -> Never {
        fflush(nil)
        StandardStream.error.writeLine("LaunchKit: fatal error: \(error.message)")
        Foundation.exit(1)
    }
}
