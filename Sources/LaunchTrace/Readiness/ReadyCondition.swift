/// When a launched program counts as ready, for a program that is not a LaunchKit app (whose
/// exit points say it): `launchprof run --ready-when CONDITION`. Written as text: `exit`,
/// `port:N`, `stdout:REGEX`, `stderr:REGEX`, `file:PATH`, `notify`, `window`, `frame`.
///
/// ```swift
/// let condition = try ReadyCondition(parsing: "port:8080")   // .port(8080)
/// condition.description                                        // "port:8080"
/// ```
public enum ReadyCondition: Codable, Sendable, Hashable, CustomStringConvertible {
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
    /// seen from the display server, what a person would see.
    case window
    /// The display drew the first content into the program's first top-level window (X11: the
    /// server's first damage to a mapped window; Wayland: a buffer committed to the toplevel
    /// surface and taken by the compositor).
    case frame

    /// The environment variable that names the notify socket, as systemd spells it.
    public static let notifySocketVariable = "NOTIFY_SOCKET"
    /// The message a program sends on the notify socket when it is ready.
    public static let notifyReadyMessage = "READY=1"

    /// The forms a condition can take, for help texts and error messages.
    public static let forms = "exit, port:N, stdout:REGEX, stderr:REGEX, file:PATH, notify, window or frame"

    /// The condition as written on the command line.
    public var description: String {
        switch self {
        case .exit: "exit"
        case .port(let port): "port:\(port)"
        case .stdout(let pattern): "stdout:\(pattern)"
        case .stderr(let pattern): "stderr:\(pattern)"
        case .file(let path): "file:\(path)"
        case .notify: "notify"
        case .window: "window"
        case .frame: "frame"
        }
    }

    /// What the runner waits for, as the end of a sentence ("waiting for …").
    public var waitingFor: String {
        switch self {
        case .exit: "the program to exit"
        case .port(let port): "TCP port \(port) to listen"
        case .stdout(let pattern): "a line of standard output matching \(pattern)"
        case .stderr(let pattern): "a line of standard error matching \(pattern)"
        case .file(let path): "the file \(path) to appear"
        case .notify: "\(Self.notifyReadyMessage) on \(Self.notifySocketVariable)"
        case .window: "the program's first window on the display"
        case .frame: "the program's first frame on the display"
        }
    }

    /// Whether the display decides this condition (`window`, `frame`): the program then needs a display.
    public var isDisplayCondition: Bool {
        self == .window || self == .frame
    }

    /// Decodes the text form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do throws(LaunchProfilerError) {
            self = try ReadyCondition(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
