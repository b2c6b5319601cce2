import LaunchProbe

extension UIApplication {
    /// Connects to the display named by ``displayEnvironment``, timed as the span `display.connect`.
    func connectDisplay() -> DisplayServer? {
        guard !DisplayServer.named(in: displayEnvironment).isEmpty else { return nil }
        return probe.measure(Self.connectSpan) {
            DisplayServer.connect(environment: displayEnvironment, title: displayTitle) { [weak self] in
                self?.displayClosed()
            }
        }
    }

    /// Maps or unmaps `window`'s top-level window on the display, creating it when the window
    /// is first shown (which connects to the display). The first window takes the launch
    /// screen's top-level window, if any, and draws its first frame over it. Nothing is put on
    /// the display for an app launched in the background.
    func showOnDisplay(_ window: UIWindow) {
        if window.displayWindow == nil {
            guard !window.isHidden, applicationState != .background, let display else { return }
            window.displayWindow = lifecycle?.launchScreen?.handOver(to: window) ?? display.makeWindow(for: window)
        }
        window.displayWindow?.setVisible(!window.isHidden)
    }

    /// Puts each window's new frame on the display and waits until the display has taken them.
    /// The first frame's presentation is timed as the span `display.firstFrame`.
    func presentCommittedFrames() {
        let changed = windows.filter { $0.displayWindow != nil && $0.displayedFrameCount != $0.committedFrameCount }
        guard !changed.isEmpty, let display, !display.isLost else { return }
        let token = display.framesPresented == 0 ? probe.beginSpan(Self.firstFrameSpan) : nil
        for window in changed {
            if let frame = window.lastCommittedFrame { window.displayWindow?.put(frame) }
            window.displayedFrameCount = window.committedFrameCount
        }
        display.synchronize()
        if let token { probe.endSpan(token) }
    }

    /// The close button of a window on the display ends the app as `SIGTERM` does.
    private func displayClosed() {
        lifecycle?.terminate()
        fflush(nil)
        exit(0)
    }

    static let connectSpan = "display.connect"
    static let firstFrameSpan = "display.firstFrame"
}
