import Testing

/// The suites that watch a display's pixels (their own Xvfb, chromium, a compositor), run one at
/// a time: each holds the times it measures against the screen, and two of them side by side on
/// a 2-core machine would measure each other. The CPU-timed suites (``CPUTimeSuites``, whose CPU
/// hogs would stretch those times) are among them.
@Suite("Displays and CPU-timed suites, one suite at a time", .serialized)
enum DisplaySuites {}
