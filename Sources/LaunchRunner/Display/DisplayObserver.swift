import CLaunchRunner
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// Watches one launch's display for the program's first window and frame, from the display
/// server's side (nothing is loaded into the program). On X11: one connection to the server
/// (`lp_xobserver`: SubstructureNotify on the root window, X-Resource for each window's pid,
/// DAMAGE on the launch's windows); windows of other processes than the launch's and its
/// descendants' are ignored. On Wayland: a proxy socket of the launch's own (`lp_wlproxy`), its
/// `WAYLAND_DISPLAY`, between it and the compositor.
final class DisplayObserver {
    /// Where the display is.
    let address: DisplayAddress
    /// What the display has shown of the launch so far.
    private(set) var milestones = DisplayMilestones()
    /// The variables the launch needs (Wayland: the proxy's socket as `WAYLAND_DISPLAY`, an
    /// absolute path in a folder of the proxy's own).
    let environment: [String: String]
    let observer: OpaquePointer
    private var connected = true
    /// The title pattern the C observer calls back into, retained while it may.
    var titleMatcher: Unmanaged<TitleMatcher>?

    /// How long the X server may take to answer (the connection's setup, a round trip).
    static let answerTimeoutMs: Int32 = 5_000

    /// Connects to the display; with `frames`, drawing into the launch's windows is watched too
    /// (a `window` condition leaves the X server nothing more to report).
    /// With `pictures`, the first frame's picture is kept (``framePicture()``); with `title` (a
    /// ``LinePattern``), only windows whose title matches count (X11).
    init(address: DisplayAddress, frames: Bool, pictures: Bool = false, title: String? = nil)
        throws(LaunchProfilerError)
    {
        var error = [CChar](repeating: 0, count: 512)
        self.address = address
        switch address.server {
        case .x11:
            let observer = lp_xobserver_open(address.name, frames ? 1 : 0, Self.answerTimeoutMs, &error, error.count)
            guard let observer else {
                throw LaunchProfilerError.displayNotObservable(Self.text(error))
            }
            self.observer = observer
            lp_xobserver_keep_pictures(observer, pictures ? 1 : 0)
            environment = [:]
            if let title { try chooseWindows(titled: title) }
        case .wayland:
            let matcher = try title.map { pattern throws(LaunchProfilerError) in
                Unmanaged.passRetained(try TitleMatcher(compiling: pattern))
            }
            let proxy: OpaquePointer
            do throws(LaunchProfilerError) {
                proxy = try Self.openProxy(address, matcher: matcher)
            } catch {
                matcher?.release()
                throw error
            }
            observer = proxy
            titleMatcher = matcher
            environment = [DisplayAddress.waylandVariable: String(cString: lp_wlproxy_path(proxy))]
        }
    }

    /// The launch's proxy socket to the compositor at `address`, calling `matcher` for the
    /// toplevels' titles when there is one.
    private static func openProxy(_ address: DisplayAddress, matcher: Unmanaged<TitleMatcher>?)
        throws(LaunchProfilerError) -> OpaquePointer
    {
        let folder = address.runtimeDirectory.flatMap { $0.isEmpty ? nil : $0 }
        guard folder != nil || address.name.hasPrefix("/") else {
            throw LaunchProfilerError.displayNotObservable(
                "WAYLAND_DISPLAY is set but XDG_RUNTIME_DIR, the folder of its socket, is not.")
        }
        var error = [CChar](repeating: 0, count: 512)
        let filter: lp_title_filter? = matcher == nil ? nil : TitleMatcher.filter
        guard let proxy = lp_wlproxy_open(folder, address.name, filter, matcher?.toOpaque(), &error, error.count)
        else { throw LaunchProfilerError.displayNotObservable(text(error)) }
        return proxy
    }

    /// The sentence a C function wrote into `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        switch address.server {
        case .x11: lp_xobserver_close(observer)
        case .wayland: lp_wlproxy_close(observer)
        }
        titleMatcher?.release()
    }

    /// The descriptor to poll for the server's events (the proxy's, on Wayland).
    var fd: Int32 {
        guard connected else { return -1 }
        return address.server == .x11 ? lp_xobserver_fd(observer) : lp_wlproxy_fd(observer)
    }

    /// Just before a launch: ends what an earlier launch left on an X display launchprof started,
    /// then drops every event and window the observer saw so far, so that only windows created
    /// by this launch count (on Wayland each launch has a proxy of its own: nothing of another
    /// launch reaches it).
    /// `older` are launchprof's children from before the launch: an orphan of the launch
    /// (reparented to launchprof when its launcher exited) counts, a process below them does not.
    func begin(older: Set<pid_t>) {
        guard address.server == .x11 else { return }
        if address.owned { lp_xobserver_clear(observer) }
        let pids = Array(older)
        if lp_xobserver_set_older(observer, pids, pids.count) != 0 { connected = false }
        if lp_xobserver_begin(observer, Self.answerTimeoutMs) != 0 { connected = false }
    }

    /// The picture of the first frame as a PNG file's bytes (X11: the window's pixels as the
    /// server had them when the frame was taken, scaled down to at most 1024 pixels a side), or
    /// nil before a frame or on Wayland (the proxy does not read the clients' buffers).
    func framePicture() -> [UInt8]? {
        guard address.server == .x11 else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let rgb = lp_xobserver_picture(observer, &width, &height) else { return nil }
        var size = 0
        guard let png = lp_png_encode(rgb, width, height, &size) else { return nil }
        defer { free(png) }
        return Array(UnsafeBufferPointer(start: png, count: size))
    }

    /// Reads the server's events about the launch whose process is `pid`.
    func service(pid: pid_t) {
        guard connected else { return }
        var seen = lp_xmilestones()
        seen.created_ns = milestones.startedNs ?? 0
        seen.mapped_ns = milestones.windowNs ?? 0
        seen.drawn_ns = milestones.frameNs ?? 0
        if address.server == .wayland {
            lp_wlproxy_milestones(observer, &seen)
        } else {
            connected = lp_xobserver_service(observer, pid, &seen) != 0
        }
        milestones.startedNs = seen.created_ns == 0 ? nil : seen.created_ns
        milestones.windowNs = seen.mapped_ns == 0 ? nil : seen.mapped_ns
        milestones.frameNs = seen.drawn_ns == 0 ? nil : seen.drawn_ns
        if seen.window_pid > 0 { milestones.windowPid = seen.window_pid }
    }
}
