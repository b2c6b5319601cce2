import LaunchTrace

/// When a launched program counts as ready, for a program that is not a LaunchKit app (whose
/// exit points say it): `launchprof run --ready-when CONDITION`. Written as text: `exit`,
/// `port:N`, `stdout:REGEX`, `stderr:REGEX`, `file:PATH`, `notify`, `window[:REGEX]`, `frame[:REGEX]`.
///
/// ```swift
/// let condition = try ReadyCondition(parsing: "port:8080")   // .port(8080)
/// condition.description                                        // "port:8080"
/// ```
package enum ReadyCondition: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The program is ready when it exits (a command-line tool; the default for a program that
    /// writes no trace).
    case exit
    /// A TCP port on this host is listening, on a socket the program owns.
    case port(Int)
    /// The program wrote a line to its standard output that matches the regular expression.
    case stdout(String)
    /// The program wrote a line to its standard error that matches the regular expression.
    case stderr(String)
    /// A file appears at the path (the runner removes it before each launch).
    case file(String)
    /// The program sent `READY=1` on the socket in `NOTIFY_SOCKET` (systemd's `sd_notify`).
    case notify
    /// The program (or a process it started) mapped its first top-level window on the display:
    /// seen from the display server, what a person would see. With a title pattern (`window:REGEX`),
    /// its first window whose title matches (a splash screen's does not, the main window's does).
    case window(title: String?)
    /// The display had the first picture of the program's first top-level window (X11: two
    /// colours of its own; Wayland: a buffer committed to the toplevel surface and taken by the
    /// compositor); with a title pattern (`frame:REGEX`), of its first window whose title matches.
    case frame(title: String?)

    /// The environment variable that names the notify socket, as systemd spells it.
    package static let notifySocketVariable = "NOTIFY_SOCKET"
    /// The message a program sends on the notify socket when it is ready.
    package static let notifyReadyMessage = "READY=1"

    /// The forms a condition can take, for help texts and error messages.
    package static let forms =
        "exit, port:N, stdout:REGEX, stderr:REGEX, file:PATH, notify, window, window:REGEX, frame or frame:REGEX"

    /// The condition as written on the command line.
    package var description: String {
        switch self {
        case .exit: "exit"
        case .port(let port): "port:\(port)"
        case .stdout(let pattern): "stdout:\(pattern)"
        case .stderr(let pattern): "stderr:\(pattern)"
        case .file(let path): "file:\(path)"
        case .notify: "notify"
        case .window(let title): title.map { "window:\($0)" } ?? "window"
        case .frame(let title): title.map { "frame:\($0)" } ?? "frame"
        }
    }

    /// What the runner waits for, as the end of a sentence ("waiting for …").
    package var waitingFor: String {
        switch self {
        case .exit: "the program to exit"
        case .port(let port): "TCP port \(port) to listen"
        case .stdout(let pattern): "a line of standard output matching \(pattern)"
        case .stderr(let pattern): "a line of standard error matching \(pattern)"
        case .file(let path): "the file \(path) to appear"
        case .notify: "\(Self.notifyReadyMessage) on \(Self.notifySocketVariable)"
        case .window(let title): "the program's first window\(Self.titled(title)) on the display"
        case .frame(let title): "the program's first frame\(Self.titled(title)) on the display"
        }
    }

    /// ` whose title matches REGEX`, or nothing.
    private static func titled(_ title: String?) -> String {
        title.map { " whose title matches \($0)" } ?? ""
    }

    /// The title pattern of a `window:REGEX` or `frame:REGEX` condition, else nil.
    package var windowTitle: String? {
        switch self {
        case .window(let title), .frame(let title): title
        default: nil
        }
    }

    /// Whether it is a `frame` condition (with or without a title).
    package var isFrame: Bool {
        if case .frame = self { return true } else { return false }
    }

    /// Whether the display decides this condition (`window`, `frame`): the program then needs a display.
    package var isDisplayCondition: Bool {
        switch self {
        case .window, .frame: true
        default: false
        }
    }

    /// Decodes the text form.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do throws(LaunchProfilerError) {
            self = try ReadyCondition(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the text form.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
