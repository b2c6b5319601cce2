/// The event source that moves a running app between states: `SIGUSR1` sends it to the
/// background, `SIGUSR2` brings it back, `SIGTERM` terminates it (after
/// `applicationWillTerminate`, with exit status 0).
///
/// The signals are ignored at the process level and read through dispatch sources on the
/// main queue, so the callbacks run on the main thread between other main-queue work.
@MainActor
final class LifecycleSignals {
    private var sources: [any DispatchSourceSignal] = []

    /// Starts listening for the signals on behalf of `pipeline`.
    func install(for pipeline: LaunchPipeline) {
        let actions: [(Int32, @MainActor (LaunchPipeline) -> Void)] = [
            (SIGUSR1, { $0.enterBackground() }),
            (SIGUSR2, { $0.enterForeground() }),
            (
                SIGTERM,
                { pipeline in
                    pipeline.terminate()
                    fflush(nil)
                    exit(0)
                }
            ),
        ]
        for (number, action) in actions {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak pipeline] in
                MainActor.assumeIsolated {
                    if let pipeline { action(pipeline) }
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
