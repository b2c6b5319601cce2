#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pthread (pthread_create, not Foundation's `Thread`) that names itself, runs one piece of
/// work and writes its result to standard error.
final class SpinThread: Sendable {
    /// The name the thread gives itself with pthread_setname_np (at most 15 bytes).
    let name: String
    /// The thread's work.
    let work: @Sendable () -> UInt64

    /// A thread's description; `start(name:work:)` makes one.
    private init(name: String, work: @escaping @Sendable () -> UInt64) {
        self.name = name
        self.work = work
    }

    /// Starts a thread named `name` running `work`; exits with status 1 if it cannot.
    static func start(name: String, work: @escaping @Sendable () -> UInt64) -> pthread_t {
        let context = Unmanaged.passRetained(SpinThread(name: name, work: work)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<SpinThread>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Output.error("FixtureTool: pthread_create failed (\(status))")
            exit(1)
        }
        return thread
    }

    /// The thread's body: its name, its work, the work's result.
    @inline(never)
    private func run() {
        Self.setName(name)
        let value = work()
        Output.error("\(name): \(value)")
    }

    /// Names the calling thread with pthread_setname_np, which Glibc's Swift module leaves out
    /// (glibc declares it only with _GNU_SOURCE): looked up by name in the process.
    private static func setName(_ name: String) {
        typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_setname_np") else { return }
        _ = unsafeBitCast(symbol, to: SetName.self)(pthread_self(), name)
    }
}
