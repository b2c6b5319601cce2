import CLaunchDisplay

/// The top-level window of a ``DisplayServer`` that shows one ``UIWindow``: mapped while the
/// window is shown, holding its last committed frame. A window larger than the screen is
/// shown reduced by a whole factor (each block of pixels averaged), as a simulator zooms out.
@MainActor
final class DisplayWindow {
    private let handle: OpaquePointer
    private let server: DisplayServer
    /// How many framebuffer pixels, across and down, make one pixel on the display.
    let reduction: Int
    /// Whether a frame has been put in this window.
    private(set) var hasFrame = false

    init(handle: OpaquePointer, server: DisplayServer, reduction: Int) {
        self.handle = handle
        self.server = server
        self.reduction = reduction
    }

    isolated deinit {
        lp_display_window_destroy(handle)
    }

    /// Maps (shows) or unmaps (hides) the window.
    func setVisible(_ visible: Bool) {
        guard !server.isLost else { return }
        lp_display_window_set_visible(handle, visible ? 1 : 0)
    }

    /// Sends `frame` to the window. The first frame waits until the server has shown the
    /// window (``DisplayServer/exposeTimeoutMilliseconds`` at most); ``DisplayServer/synchronize()``
    /// then tells when the server has taken it.
    func put(_ frame: Framebuffer) {
        guard !server.isLost, frame.width > 0, frame.height > 0 else { return }
        hasFrame = true
        frame.storage.withUnsafeBufferPointer { pixels in
            _ = lp_display_window_put(
                handle, pixels.baseAddress, Int32(frame.width), Int32(frame.height), Int32(reduction),
                DisplayServer.exposeTimeoutMilliseconds)
        }
    }
}
