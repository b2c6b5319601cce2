import LaunchTrace

/// What a launch's measured end is called in the outputs: a LaunchKit app's first frame, or the
/// readiness of any other program (a server listening, a tool done) and of an app launched in
/// the background (``LaunchTrace/Scenario/background``: `didFinishLaunching` returned). The time itself is
/// ``LaunchTrace/LaunchTotals/timeToFirstFrameNs`` for the first two, ``LaunchTrace/LaunchTotals/timeToReadyNs`` for a
/// background launch, which has no first frame.
///
/// ```swift
/// LaunchEndpoint(interface: trace.app.interface).displayName   // "first frame" or "ready"
/// ```
package enum LaunchEndpoint: String, Codable, Sendable, CaseIterable {
    /// A LaunchKit app's first visible frame.
    case firstFrame
    /// A program's readiness (``LaunchTrace/LaunchTotals/timeToReadyNs``).
    case ready

    /// The endpoint of a launch that took the `interface` path: ``ready`` for a program without
    /// the LaunchKit pipeline.
    package init(interface: AppInterface) {
        self = interface == .none ? .ready : .firstFrame
    }

    /// The endpoint shared by `traces`: ``ready`` when every one is a program's or a background
    /// launch's, else ``firstFrame``.
    package init(traces: [LaunchTrace]) {
        let ready = !traces.isEmpty && traces.allSatisfy { $0.app.interface == .none || $0.scenario == .background }
        self = ready ? .ready : .firstFrame
    }

    /// `first frame`, `ready`.
    package var displayName: String {
        switch self {
        case .firstFrame: "first frame"
        case .ready: "ready"
        }
    }

    /// `the first frame`, `readiness`: what comes after "before".
    package var phrase: String {
        switch self {
        case .firstFrame: "the first frame"
        case .ready: "readiness"
        }
    }

    /// What a finding's share is a share of: `first frame`, `time to ready`.
    package var shareName: String {
        switch self {
        case .firstFrame: "first frame"
        case .ready: "time to ready"
        }
    }
}
