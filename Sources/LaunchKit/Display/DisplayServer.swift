import CLaunchDisplay
import LaunchProbe
import LaunchTrace

/// The display server LaunchKit shows its windows on, when the environment names one: the
/// Wayland compositor of `WAYLAND_DISPLAY` or the X server of `DISPLAY`. Its client library
/// (libwayland-client.so.0, libxcb.so.1) is loaded at run time, so an app builds and runs
/// without it; with no display, or one that cannot be used (a sentence on standard error says
/// why), windows are drawn in memory only, as before.
///
/// Each shown ``UIWindow`` is a top-level window of the display (``DisplayWindow``); each commit
/// puts the window's framebuffer in it, and ``synchronize()`` returns when the display has
/// taken every frame sent (X11: a round trip; Wayland: the frame callbacks).
@MainActor
final class DisplayServer {
    /// How long the first frame of a window waits for the server (or its window manager) to
    /// show the window before it is drawn anyway.
    static let exposeTimeoutMilliseconds: Int32 = 2_000
    /// How long ``synchronize()`` waits for a Wayland compositor's frame callback, per window.
    static let frameTimeoutMilliseconds: Int32 = 1_000

    let handle: OpaquePointer
    /// The screen's size in pixels.
    let screenWidth: Int
    let screenHeight: Int
    /// The title and class of the windows: the app's name.
    let title: String
    private var events: (any DispatchSourceRead)?
    private let closeRequested: @MainActor () -> Void
    private(set) var isLost = false
    /// How many times the app's frames were put on the display and synchronized (the launch
    /// screen's frame is not one of them).
    private(set) var framesPresented = 0

    private init(handle: OpaquePointer, title: String, closeRequested: @escaping @MainActor () -> Void) {
        self.handle = handle
        self.title = title
        self.closeRequested = closeRequested
        var width: Int32 = 0
        var height: Int32 = 0
        lp_display_screen_size(handle, &width, &height)
        screenWidth = Int(width)
        screenHeight = Int(height)
    }

    /// Connects to the display `environment` names: the Wayland compositor of `WAYLAND_DISPLAY`
    /// when it is set and not empty (as GTK and Qt prefer it), else, or when that compositor
    /// cannot be used, the X server of `DISPLAY`. Returns `nil` with no display, or with none
    /// that can be used (then a sentence on standard error for each that was tried).
    static func connect(
        environment: [String: String], title: String, closeRequested: @escaping @MainActor () -> Void
    ) -> DisplayServer? {
        var failures: [String] = []
        for (variable, name) in named(in: environment) {
            var error = [CChar](repeating: 0, count: 512)
            let opened =
                variable == waylandVariable
                ? lp_display_open_wayland(name, &error, error.count) : lp_display_open_x11(name, &error, error.count)
            if let handle = opened {
                let server = DisplayServer(handle: handle, title: title, closeRequested: closeRequested)
                server.listen()
                return server
            }
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            failures.append("\(variable) is \(name), but \(reason)")
        }
        if !failures.isEmpty { report(failures.joined(separator: "; ") + "; the windows are drawn in memory only.") }
        return nil
    }

    static let waylandVariable = "WAYLAND_DISPLAY"
    static let x11Variable = "DISPLAY"

    /// The variables that name a display, with their values, in the order they are tried:
    /// `WAYLAND_DISPLAY`, then `DISPLAY`, each only when set and not empty.
    static func named(in environment: [String: String]) -> [(variable: String, name: String)] {
        [waylandVariable, x11Variable].compactMap { variable in
            guard let name = environment[variable], !name.isEmpty else { return nil }
            return (variable, name)
        }
    }

    /// Creates the top-level window that shows `window`, hidden.
    func makeWindow(for window: UIWindow) -> DisplayWindow? {
        guard !isLost else { return nil }
        let scale = UIScreen.main.scale
        let pixels = (
            width: Int((window.bounds.width * scale).rounded()), height: Int((window.bounds.height * scale).rounded())
        )
        let reduction = Self.reduction(width: pixels.width, height: pixels.height, within: self)
        let width = pixels.width / reduction
        let height = pixels.height / reduction
        guard let created = lp_display_window_create(handle, Int32(width), Int32(height), title, title) else {
            return nil
        }
        return DisplayWindow(handle: created, server: self, reduction: reduction)
    }

    /// The smallest whole reduction (1, 2, 3…) that fits `width` x `height` pixels on the screen.
    static func reduction(width: Int, height: Int, within server: DisplayServer) -> Int {
        var reduction = 1
        while reduction < 16, width / reduction > server.screenWidth || height / reduction > server.screenHeight {
            reduction += 1
        }
        return reduction
    }

    /// Returns when the server has processed every request sent: the frames put are in their
    /// windows. Then handles the events that came meanwhile. `isAppFrame` is false for the
    /// launch screen's frame, which ``framesPresented`` does not count.
    func synchronize(isAppFrame: Bool = true) {
        guard !isLost else { return }
        if lp_display_sync(handle, Self.frameTimeoutMilliseconds) != 0 { connectionLost() }
        if isAppFrame { framesPresented += 1 }
        handleEvents()
    }

    /// Handles waiting events: redraws exposed windows, passes on a close request.
    func handleEvents() {
        guard !isLost else { return }
        let seen = lp_display_dispatch(handle)
        if seen & Int32(LP_DISPLAY_CONNECTION_LOST.rawValue) != 0 {
            connectionLost()
        } else if seen & Int32(LP_DISPLAY_CLOSE_REQUESTED.rawValue) != 0 {
            closeRequested()
        }
    }

    /// Watches the connection on the main queue.
    private func listen() {
        let source = DispatchSource.makeReadSource(fileDescriptor: lp_display_fd(handle), queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handleEvents() }
        }
        source.resume()
        events = source
    }

    private func connectionLost() {
        guard !isLost else { return }
        isLost = true
        events?.cancel()
        events = nil
        Self.report("the connection to the display was lost; the windows are drawn in memory only.")
    }

    private static func report(_ sentence: String) {
        StandardStream.error.writeLine("LaunchKit: \(sentence)")
    }
}
