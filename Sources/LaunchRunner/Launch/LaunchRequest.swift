import Foundation
import LaunchTrace

/// One launch to perform: the ``LaunchSpecification`` of its program, the kind of launch, its
/// index among the launches of its kind and where its files go.
package struct LaunchRequest: Sendable, Equatable {
    /// How the program is launched.
    package var specification: LaunchSpecification
    /// Where the app writes its trace.
    package var traceURL: URL
    /// Where the app's standard error is kept.
    package var stderrURL: URL
    /// Where the picture of its first frame goes (`--ready-when frame`), or nil: not kept.
    package var framePictureURL: URL?
    /// What the launch is for (the session's kinds; a lone launch is a diagnosis launch).
    package var kind: LaunchKind = .diagnosis
    /// Index of the launch among the launches of its kind (warm-up launches count from 0 down,
    /// as -1, -2, …).
    package var index: Int
    /// Whether a measurement launch's result is its record alone (a program's measurement or primer
    /// launch, whose time to ready is all that is read): no trace is built for it.
    package var recordOnly = false
    /// Whether the audit module marks each object's relocation in this launch
    /// (``LaunchSpecification/relocationMarks``).
    package var relocationMarks = false

    /// Creates a request.
    package init(_ specification: LaunchSpecification, traceURL: URL, stderrURL: URL, index: Int) {
        self.specification = specification
        self.traceURL = traceURL
        self.stderrURL = stderrURL
        self.index = index
    }

    /// Creates a request whose files are `files`.
    package init(_ specification: LaunchSpecification, files: LaunchFiles, index: Int) {
        self.init(specification, traceURL: files.traceURL, stderrURL: files.stderrURL, index: index)
        if specification.readiness.keepsFramePictures { framePictureURL = files.framePictureURL }
    }

    /// Whether the launch carries nothing at all (``LaunchInstrumentation/none``).
    package var timingOnly: Bool { specification.instrumentation == .none }

    /// The instruments this launch carries: with ``LaunchInstrumentation/instruments`` all but
    /// the audit module, with ``LaunchInstrumentation/loaderAudit`` the audit module alone,
    /// otherwise none.
    package var effectiveInstruments: InstrumentSettings {
        var instruments = specification.instruments
        switch specification.instrumentation {
        case .instruments:
            instruments.auditLibrary = nil
        case .loaderAudit:
            instruments = InstrumentSettings(auditLibrary: instruments.auditLibrary, sampler: .none)
            instruments.profile = .off
        case .none, .probeMarks:
            instruments = InstrumentSettings(sampler: .none)
            instruments.profile = .off
        }
        return instruments
    }
}
