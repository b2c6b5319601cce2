import CLaunchRunner
import LaunchTrace

/// A window's title held against a `window:REGEX` or `frame:REGEX` pattern, called from C.
final class TitleMatcher: Sendable {
    let pattern: LinePattern

    /// The matcher of `pattern`, a readiness pattern; an error names it when it cannot be read.
    init(compiling pattern: String) throws(LaunchProfilerError) {
        do throws(LinePattern.SyntaxError) {
            self.pattern = try LinePattern(pattern)
        } catch {
            throw LaunchProfilerError.displayNotObservable(
                "the window title pattern \(pattern) cannot be read: \(error.description)")
        }
    }

    /// The C observer's filter: 1 when the title (`length` bytes of UTF-8) matches.
    static let filter: lp_title_filter = { context, bytes, length in
        guard let context, let bytes else { return 0 }
        let matcher = Unmanaged<TitleMatcher>.fromOpaque(context).takeUnretainedValue()
        let title = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        return matcher.pattern.matches(title[...]) ? 1 : 0
    }
}

extension DisplayObserver {
    /// Only windows whose title matches `pattern` count (X11: `_NET_WM_NAME`, else `WM_NAME`, read
    /// when each window is created and whenever it changes).
    func chooseWindows(titled pattern: String) throws(LaunchProfilerError) {
        let matcher = Unmanaged.passRetained(try TitleMatcher(compiling: pattern))
        titleMatcher = matcher
        lp_xobserver_set_title_filter(observer, TitleMatcher.filter, matcher.toOpaque())
    }

    /// The title of the window the milestones are of, when a title pattern chose it.
    var windowTitle: String? {
        let title =
            address.server == .x11 ? lp_xobserver_window_title(observer) : lp_wlproxy_window_title(observer)
        return title.map { String(cString: $0) }
    }
}
