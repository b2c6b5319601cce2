import Synchronization

/// Set by the thread that holds FixtureBlocking's mutex once it has it.
final class MutexHolder: Sendable {
    let held = Atomic<Bool>(false)
}
