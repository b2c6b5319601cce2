/// Which display a run's programs get (`--display`): a headless X server, a headless Wayland
/// compositor, or the display launchprof itself runs on.
package enum DisplayKind: String, Codable, Sendable, CaseIterable {
    /// A headless X server (Xvfb), started once per run and ended with everything on it.
    case x11
    /// A headless Wayland compositor, started once per run: cage's headless backend (wlroots, with
    /// a seat) when cage is installed, else weston's (no seat: SDL programs and foot cannot run).
    case wayland
    /// The display of launchprof's own environment (`DISPLAY`, else `WAYLAND_DISPLAY`).
    case host
}
