import LaunchKit

/// A class that exists but does not adopt UIApplicationDelegate: `wrongKindDelegate` names it.
final class NotADelegate: UIResponder {}
