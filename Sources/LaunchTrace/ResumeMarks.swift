/// Names of the marks a resume from the background leaves in a trace. The resume
/// metrics are measured between them.
package enum ResumeMarks {
    /// `applicationWillEnterForeground(_:)` is about to be called.
    package static let willEnterForeground = "resume.willEnterForeground"
    /// The first frame after returning to the foreground was committed.
    package static let frameCommitted = "resume.frameCommitted"
    /// `applicationDidBecomeActive(_:)` returned after returning to the foreground.
    package static let active = "resume.active"
}
