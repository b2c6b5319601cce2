extension PhaseName {
    /// A program that writes no trace: from the spawn to the end of `execve` (the runner sees
    /// the close-on-exec status pipe close).
    public static let exec = PhaseName("exec")
    /// A program that writes no trace: from the end of `execve` until the dynamic loader has
    /// loaded and relocated every library (the preloaded tracer's constructor runs). For a
    /// wrapper that execs the program (a `#!` script, a shim), until the last program's
    /// constructor: the earlier programs' whole run is before `main`.
    public static let loader = PhaseName("loader")
    /// A program that writes no trace: from the end of loading (static initializers, then
    /// `main`) until `main` returns or calls `exit`, or until the program is ready.
    public static let main = PhaseName("main")
    /// A program that writes no trace and ends by itself: from `main`'s return (or `exit`)
    /// until the runner reaps the process (exit handlers, destructors, the kernel's teardown).
    public static let exit = PhaseName("exit")

    /// A program that writes no trace, ready by the display (`--ready-when window|frame`): from
    /// the creation of its first top-level window (X11; on Wayland its first connection to the
    /// compositor) until the display shows that window. `main` then ends where this begins.
    public static let firstWindow = PhaseName("firstWindow")
    /// A program that writes no trace, ready by its first frame: from its first window shown
    /// until the display has the first frame of its content.
    public static let firstFrame = PhaseName("firstFrame")

    /// The phases the runner records for a program that writes no trace, in launch order.
    public static let program: [PhaseName] = [.exec, .loader, .main, .exit]
    /// The phases a program ready by the display has after `main`, in launch order.
    public static let display: [PhaseName] = [.firstWindow, .firstFrame]
}
