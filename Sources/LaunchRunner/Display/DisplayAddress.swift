/// Where a launch's display is: its kind of server, its name, and whether launchprof started it (then
/// each launch gets a clean display: windows left by an earlier launch are ended first).
package struct DisplayAddress: Codable, Sendable, Equatable {
    /// The kind of display server.
    package enum Server: String, Codable, Sendable {
        /// An X server: the name is a `DISPLAY` value (`:7`).
        case x11
        /// A Wayland compositor: the name is a `WAYLAND_DISPLAY` socket in ``runtimeDirectory``.
        case wayland
    }

    /// The kind of display server.
    package var server: Server
    /// `DISPLAY` (X11) or `WAYLAND_DISPLAY` (Wayland).
    package var name: String
    /// `XDG_RUNTIME_DIR` of a Wayland display, which holds its socket.
    package var runtimeDirectory: String?
    /// Whether launchprof started this display (a headless one) rather than found it.
    package var owned: Bool

    /// Creates an address.
    package init(server: Server, name: String, runtimeDirectory: String? = nil, owned: Bool) {
        self.server = server
        self.name = name
        self.runtimeDirectory = runtimeDirectory
        self.owned = owned
    }

    /// The variables a launched program needs to reach this display. The other kind's
    /// variable is set empty, so a toolkit that prefers it (GTK prefers Wayland) uses this one.
    package var environment: [String: String] {
        switch server {
        case .x11: return [Self.x11Variable: name, Self.waylandVariable: ""]
        case .wayland:
            var environment = [Self.waylandVariable: name, Self.x11Variable: ""]
            if let runtimeDirectory { environment[Self.runtimeDirectoryVariable] = runtimeDirectory }
            return environment
        }
    }

    /// A sentence naming the display, for messages.
    package var description: String {
        let what = server == .x11 ? "X display \(name)" : "Wayland display \(name)"
        return owned ? "the headless \(what)" : "the \(what)"
    }

    /// The X11 display variable.
    package static let x11Variable = "DISPLAY"
    /// The Wayland display variable.
    package static let waylandVariable = "WAYLAND_DISPLAY"
    /// The folder of a Wayland display's socket.
    package static let runtimeDirectoryVariable = "XDG_RUNTIME_DIR"
}
