import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// SIGTERM and SIGINT, taken over from their default actions (which would end the process
/// with the signal) by Dispatch signal sources, so that the server can shut down and exit 0.
final class TerminationSignal {
    /// Signalled once per signal that arrives.
    private let arrived = DispatchSemaphore(value: 0)
    /// The sources, kept alive while the server runs.
    private let sources: [any DispatchSourceSignal]

    /// Installs the sources; from here on SIGTERM and SIGINT no longer end the process.
    init() {
        let arrived = self.arrived
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives.
    func wait() {
        arrived.wait()
        for source in sources { source.cancel() }
    }
}
