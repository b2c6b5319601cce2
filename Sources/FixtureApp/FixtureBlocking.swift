import CFixtureSupport
import Dispatch
import Foundation
import LaunchKit
import LaunchProbe

#if canImport(Glibc)
    import Glibc
#endif

enum FixtureBlocking {
    /// The span around the blocking call: what it really took on this machine, which the tests
    /// compare the instruments' figures with (a busy machine wakes the thread late).
    static let blockSpan = "fixture.block"

    static func perform(_ kind: BlockingCallKind, milliseconds: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        if kind == .mutex {
            // The holder's thread starts before the span: the span is the wait for the lock alone.
            let holder = holdMutex(milliseconds)
            LaunchProbe.shared.measure(blockSpan) { blockInMutex(holder) }
        } else {
            LaunchProbe.shared.measure(blockSpan) { block(kind, milliseconds: milliseconds) }
        }
        let elapsedMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if elapsedMs < Double(milliseconds) - 1 {
            fail("SHORT: \(kind.rawValue) returned after \(elapsedMs) ms of \(milliseconds)")
        }
    }

    static func block(_ kind: BlockingCallKind, milliseconds: Int) {
        switch kind {
        case .readPipe: blockInReadOnPipe(milliseconds)
        case .nanosleep: blockInNanosleep(milliseconds)
        case .usleep: blockInUsleep(milliseconds)
        case .poll: blockInPoll(milliseconds)
        case .select: blockInSelect(milliseconds)
        case .epollWait: blockInEpollWait(milliseconds)
        case .semWait: blockInSemWait(milliseconds)
        case .pthreadCondWait: blockInPthreadCondWait(milliseconds)
        case .mutex: blockInMutex(holdMutex(milliseconds))
        case .dispatchSemaphore: blockInDispatchSemaphore(milliseconds)
        case .threadSleep: blockInThreadSleep(milliseconds)
        case .fileRead: blockInFileRead(milliseconds)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("FixtureApp: \(message)\n".utf8))
        exit(7)
    }

    static func check(_ result: Int, _ call: String) {
        if result < 0 {
            let error = errno
            fail(error == EINTR ? "EINTR in \(call)" : "\(call) failed with errno \(error)")
        }
    }

    /// Runs `body` on another thread after `milliseconds`.
    static func after(_ milliseconds: Int, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            sleepFully(milliseconds)
            body()
        }
        thread.start()
    }

    /// Sleeps `milliseconds` on the calling thread with `nanosleep`, resuming after interruptions.
    static func sleepFully(_ milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while Glibc.nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    static func timeval(_ milliseconds: Int) -> Glibc.timeval {
        Glibc.timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
    }

    @inline(never)
    static func blockInReadOnPipe(_ milliseconds: Int) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fail("pipe failed") }
        let writer = fds[1]
        after(milliseconds) {
            var byte: UInt8 = 1
            _ = Glibc.write(writer, &byte, 1)
        }
        var byte: UInt8 = 0
        check(Glibc.read(fds[0], &byte, 1), "read")
        close(fds[0])
        close(fds[1])
    }

    @inline(never)
    static func blockInNanosleep(_ milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        check(Int(Glibc.nanosleep(&request, nil)), "nanosleep")
    }

    @inline(never)
    static func blockInUsleep(_ milliseconds: Int) {
        check(Int(Glibc.usleep(UInt32(milliseconds) * 1000)), "usleep")
    }

    @inline(never)
    static func blockInPoll(_ milliseconds: Int) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fail("pipe failed") }
        var slot = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        let result = Glibc.poll(&slot, 1, Int32(milliseconds))
        check(Int(result), "poll")
        close(fds[0])
        close(fds[1])
    }

    @inline(never)
    static func blockInSelect(_ milliseconds: Int) {
        var timeout = timeval(milliseconds)
        check(Int(Glibc.select(0, nil, nil, nil, &timeout)), "select")
    }

    @inline(never)
    static func blockInEpollWait(_ milliseconds: Int) {
        check(Int(fixture_epoll_wait_once(Int32(milliseconds))), "epoll_wait")
    }

    @inline(never)
    static func blockInSemWait(_ milliseconds: Int) {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        let address = UInt(bitPattern: semaphore)
        after(milliseconds) { sem_post(UnsafeMutablePointer<sem_t>(bitPattern: address)!) }
        check(Int(Glibc.sem_wait(semaphore)), "sem_wait")
    }

    @inline(never)
    static func blockInPthreadCondWait(_ milliseconds: Int) {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        flag.pointee = 0
        let addresses = (UInt(bitPattern: mutex), UInt(bitPattern: condition), UInt(bitPattern: flag))
        after(milliseconds) {
            let mutex = UnsafeMutablePointer<pthread_mutex_t>(bitPattern: addresses.0)!
            pthread_mutex_lock(mutex)
            UnsafeMutablePointer<Int32>(bitPattern: addresses.2)!.pointee = 1
            pthread_cond_signal(UnsafeMutablePointer<pthread_cond_t>(bitPattern: addresses.1)!)
            pthread_mutex_unlock(mutex)
        }
        pthread_mutex_lock(mutex)
        // One wait: a spurious wake-up would show as SHORT, and none is expected.
        let result = Glibc.pthread_cond_wait(condition, mutex)
        if result != 0 {
            fail(result == EINTR ? "EINTR in pthread_cond_wait" : "pthread_cond_wait failed with \(result)")
        }
        pthread_mutex_unlock(mutex)
    }

    /// A mutex another thread has locked, which it holds for `milliseconds` once
    /// ``blockInMutex(_:)`` lets it go on.
    static func holdMutex(_ milliseconds: Int) -> MutexHolder {
        let holder = MutexHolder()
        Thread {
            pthread_mutex_lock(holder.mutex)
            holder.held.store(true, ordering: .releasing)
            holder.go.wait()
            sleepFully(milliseconds)
            pthread_mutex_unlock(holder.mutex)
        }.start()
        while !holder.held.load(ordering: .acquiring) { sched_yield() }
        return holder
    }

    /// Waits for the mutex the holder's thread holds: a contended lock, whose wait is a futex
    /// sleep in `__lll_lock_wait` (the tracer does not interpose the mutex).
    @inline(never)
    static func blockInMutex(_ holder: MutexHolder) {
        holder.go.signal()
        let result = Glibc.pthread_mutex_lock(holder.mutex)
        if result != 0 { fail("pthread_mutex_lock failed with \(result)") }
        pthread_mutex_unlock(holder.mutex)
    }

    @inline(never)
    static func blockInDispatchSemaphore(_ milliseconds: Int) {
        let semaphore = DispatchSemaphore(value: 0)
        after(milliseconds) { semaphore.signal() }
        semaphore.wait()
    }

    @inline(never)
    static func blockInThreadSleep(_ milliseconds: Int) {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
    }

    /// Opens a FIFO for reading: the open blocks until a writer opens it, `milliseconds` later.
    @inline(never)
    static func blockInFileRead(_ milliseconds: Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(getpid()).fifo").path
        unlink(path)
        guard mkfifo(path, 0o600) == 0 else { fail("mkfifo failed") }
        after(milliseconds) {
            let fd = Glibc.open(path, O_WRONLY)
            var byte: UInt8 = 1
            _ = Glibc.write(fd, &byte, 1)
            close(fd)
        }
        let fd = Glibc.open(path, O_RDONLY)
        check(Int(fd), "open")
        var byte: UInt8 = 0
        check(Glibc.read(fd, &byte, 1), "read")
        close(fd)
        unlink(path)
    }

    /// Spins with garbage frame pointers: the samplers must not crash the app.
    @inline(never)
    static func spinWithoutFramePointers(_ milliseconds: Int) {
        fixture_spin_without_frame_pointers(Int32(milliseconds))
    }
}
