/// Names of the marks a resume from the background leaves in a trace. The resume
/// metrics are measured between them.
public enum ResumeMarks {
    /// `applicationWillEnterForeground(_:)` is about to be called.
    public static let willEnterForeground = "resume.willEnterForeground"
    /// The first frame after returning to the foreground was committed.
    public static let frameCommitted = "resume.frameCommitted"
    /// `applicationDidBecomeActive(_:)` returned after returning to the foreground.
    public static let active = "resume.active"
}
