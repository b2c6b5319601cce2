// LaunchKit re-exports Foundation as UIKit does, so `import LaunchKit` alone gives
// apps `NSStringFromClass`, `CGRect`, `URL` and the rest, as `import UIKit` does on iOS.
@_exported import Foundation
