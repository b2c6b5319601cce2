import Foundation
import LaunchTrace

/// One launch to perform: the ``LaunchSpecification`` of its program, its index in the run and
/// where its files go. The specification's fields read through the request
/// (`request.executable`, `request.instruments`).
@dynamicMemberLookup
public struct LaunchRequest: Sendable, Equatable {
    /// How the program is launched.
    public var specification: LaunchSpecification
    /// Where the app writes its trace.
    public var traceURL: URL
    /// Where the app's standard error is kept.
    public var stderrURL: URL
    /// Index of the launch in its run (warm-up launches count from 0 down, as -1, -2, …).
    public var index: Int
    /// Whether a timing launch's result is its record alone (a program's measurement or primer
    /// launch, whose time to ready is all that is read): no trace is built for it.
    public var recordOnly = false

    /// Creates a request.
    public init(_ specification: LaunchSpecification, traceURL: URL, stderrURL: URL, index: Int) {
        self.specification = specification
        self.traceURL = traceURL
        self.stderrURL = stderrURL
        self.index = index
    }

    /// Creates a request whose files are `files`.
    public init(_ specification: LaunchSpecification, files: LaunchFiles, index: Int) {
        self.init(specification, traceURL: files.traceURL, stderrURL: files.stderrURL, index: index)
    }

    /// A field of the specification.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LaunchSpecification, Value>) -> Value {
        get { specification[keyPath: keyPath] }
        set { specification[keyPath: keyPath] = newValue }
    }

    /// Whether this is a timing launch (``LaunchKind/timing``).
    public var timingOnly: Bool { specification.kind == .timing }

    /// The instruments this launch carries: a profiled launch all but the audit module, a
    /// pre-main launch the audit module alone, a timing launch none.
    public var effectiveInstruments: InstrumentSettings {
        var instruments = specification.instruments
        switch specification.kind {
        case .profiled:
            instruments.auditLibrary = nil
        case .preMain:
            instruments = InstrumentSettings(auditLibrary: instruments.auditLibrary, sampler: .none)
            instruments.profile = .off
        case .timing, .measurement:
            instruments = InstrumentSettings(sampler: .none)
            instruments.profile = .off
        }
        return instruments
    }
}
