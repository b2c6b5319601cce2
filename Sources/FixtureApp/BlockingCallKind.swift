import CFixtureSupport
import Dispatch
import Foundation
import Glibc
import LaunchKit

/// One blocking call FixtureApp makes on the main thread during didFinishLaunching
/// (`FIXTURE_BEHAVIOR=block:<call>:<ms>`), each from its own function a profiler can name.
/// Every call is checked: an `EINTR` or a return before the time is up is written to standard
/// error (`EINTR` or `SHORT`) and the app exits with status 7 — what a profiler must never cause.
enum BlockingCallKind: String, CaseIterable, Sendable {
    case readPipe = "read-pipe"
    case nanosleep
    case usleep
    case poll
    case select
    case epollWait = "epoll_wait"
    case semWait = "sem_wait"
    case pthreadCondWait = "pthread_cond_wait"
    case mutex
    case dispatchSemaphore = "dispatch-semaphore"
    case threadSleep = "thread-sleep"
    case fileRead = "file-read"
}
