extension DisplayAddress {
    /// The variables by which GTK, Qt, SDL and desktop code choose their kind of display, set to
    /// this display's kind: with a Wayland display Qt would still pick xcb, and SDL X11, unless told.
    package var toolkitEnvironment: [String: String] {
        switch server {
        case .x11:
            ["XDG_SESSION_TYPE": "x11", "GDK_BACKEND": "x11", "QT_QPA_PLATFORM": "xcb", "SDL_VIDEODRIVER": "x11"]
        case .wayland:
            [
                "XDG_SESSION_TYPE": "wayland", "GDK_BACKEND": "wayland", "QT_QPA_PLATFORM": "wayland",
                "SDL_VIDEODRIVER": "wayland",
            ]
        }
    }

    /// The toolkit variables a launch gets: those of ``toolkitEnvironment`` that neither the
    /// user's environment nor the launch's own variables set (the user's values win).
    package func toolkitAssignments(user: [String: String], launch: [String: String]) -> [String: String] {
        toolkitEnvironment.filter { user[$0.key] == nil && launch[$0.key] == nil }
    }
}
