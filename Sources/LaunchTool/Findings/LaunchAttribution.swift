import LaunchSymbolication
import LaunchTrace

/// Where the time the launch waited for before the first frame (on-CPU, runnable and blocked, on
/// its critical path, from the whole-launch profile) was charged: to a function of the app, to a named library working on
/// the app's behalf with no app function on the stack (the framework, the Swift runtime), to the
/// dynamic loader, or to nothing that can be named.
package struct LaunchAttribution: Codable, Sendable, Equatable {
    /// Charged to a named function of the app.
    package var appNs: Int64
    /// Charged to a library, by the library's file name.
    package var librariesNs: [String: Int64]
    /// Charged to the dynamic loader (loading and relocating the app's libraries).
    package var loaderNs: Int64
    /// No stack, or a stack in no known image.
    package var unattributedNs: Int64
    /// Of ``totalNs``, the time the threads the launch waited for were runnable, waiting for a
    /// CPU (charged to the stack they were preempted in, like their on-CPU time); nil when none.
    package var waitingForCPUNs: Int64?

    /// Creates an attribution.
    package init(appNs: Int64 = 0, librariesNs: [String: Int64] = [:], loaderNs: Int64 = 0, unattributedNs: Int64 = 0) {
        self.appNs = appNs
        self.librariesNs = librariesNs
        self.loaderNs = loaderNs
        self.unattributedNs = unattributedNs
    }

    /// All the time considered.
    package var totalNs: Int64 { appNs + librariesNs.values.reduce(0, +) + loaderNs + unattributedNs }

    /// The share of the time charged to an app function, a named library or the loader (0 to 1),
    /// or nil when there was no time to charge.
    package var coverage: Double? {
        totalNs > 0 ? Double(totalNs - unattributedNs) / Double(totalNs) : nil
    }

    /// Adds `other`'s time to this one's.
    package mutating func add(_ other: LaunchAttribution) {
        appNs += other.appNs
        librariesNs.merge(other.librariesNs, uniquingKeysWith: +)
        loaderNs += other.loaderNs
        unattributedNs += other.unattributedNs
        if let waiting = other.waitingForCPUNs { waitingForCPUNs = (waitingForCPUNs ?? 0) + waiting }
    }
}
