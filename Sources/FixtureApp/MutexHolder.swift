import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A mutex for FixtureBlocking's contended lock, the flag its holding thread sets once it has
/// it, and the semaphore that lets that thread start its hold. `@unchecked Sendable`: the
/// mutex is only ever used through `pthread_mutex_*` calls, which synchronize themselves.
final class MutexHolder: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let held = Atomic<Bool>(false)
    let go = DispatchSemaphore(value: 0)

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
