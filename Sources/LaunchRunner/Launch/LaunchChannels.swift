import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sockets between the runner and one launch: the event socket (the probe's progress
/// events) and, with the ptrace stall sampler, the stall socket (the watchdog says when a stall
/// starts and ends; the runner samples the main thread with ptrace in between).
final class LaunchChannels {
    /// The runner's end of the event socket, or -1.
    let eventRunnerEnd: Int32
    /// The app's end of the event socket, inherited by the child, or -1.
    let eventAppEnd: Int32
    /// The app's end of the stall socket, inherited by the child, or -1.
    let stallAppEnd: Int32
    /// The ptrace stall sampler reading the runner's end of the stall socket.
    let stallSampler: RemoteStallSampler?
    private let stallRunnerEnd: Int32
    private var appEndsOpen = true

    /// Makes the sockets (the event socket only with `events`, the stall socket only with
    /// `stallSampling`); a socket that cannot be made is left out (-1).
    init(events: Bool = true, stallSampling: Bool) {
        (eventRunnerEnd, eventAppEnd) = events ? Self.pair() : (-1, -1)
        (stallRunnerEnd, stallAppEnd) = stallSampling ? Self.pair() : (-1, -1)
        stallSampler = stallRunnerEnd >= 0 ? RemoteStallSampler(fd: stallRunnerEnd) : nil
    }

    deinit {
        closeAppEnds()
        if eventRunnerEnd >= 0 { close(eventRunnerEnd) }
        if stallRunnerEnd >= 0 { close(stallRunnerEnd) }
    }

    /// Closes the app's ends once the child holds them.
    func closeAppEnds() {
        guard appEndsOpen else { return }
        appEndsOpen = false
        if eventAppEnd >= 0 { close(eventAppEnd) }
        if stallAppEnd >= 0 { close(stallAppEnd) }
    }

    /// A connected pair: the runner's end (close-on-exec) and the app's end (inherited).
    private static func pair() -> (Int32, Int32) {
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            return (-1, -1)
        }
        return (sockets[0], sockets[1])
    }
}
