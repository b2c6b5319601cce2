/// Whose code a function is: the program's own, a package it links, the Swift toolchain's, or
/// the system's. Advice is about the program's own code; a dependency is named, not rewritten.
package enum CodeOwner: String, Codable, Sendable, CaseIterable {
    /// The program's own modules (its executable target, its package's other targets).
    case program
    /// A package the program depends on and links (SwiftPM links them into the executable):
    /// swift-argument-parser, SwiftNIO, Hummingbird, GRDB.
    case dependency
    /// The Swift toolchain: the standard library, Foundation, Dispatch, the runtime (linked
    /// statically or as the toolchain's shared libraries), and LaunchKit and the profiler's own.
    case toolchain
    /// The system's libraries: libc, the dynamic loader, the distribution's packages.
    case system
}
