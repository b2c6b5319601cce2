import LaunchKit

/// Checks the app's licence. Deliberately slow: it sleeps on the main thread as if it
/// waited for a licence server (a profiler should find this and suggest moving it off
/// the main queue).
enum LicenseCheck {
    /// How long the "server" takes, in microseconds.
    static let serverDelayMicroseconds: UInt32 = 30_000

    /// Verifies the licence, blocking the caller for about 30 ms.
    @inline(never)
    static func verify() {
        usleep(serverDelayMicroseconds)
    }
}
