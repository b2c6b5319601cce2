import Foundation

/// A display server a test starts (Xvfb, weston): spawned with every signal unblocked and at
/// its default action, since the tests' threads block signals and a child inherits that mask
/// (Xvfb then never sees SIGTERM, and a killed Xvfb leaves its socket behind). Its standard
/// output goes to a pipe (``output``), its standard error nowhere.
final class ServerProcess {
    let pid: pid_t
    /// The read end of the server's standard output.
    let output: Int32
    private var exited = false
    private var stopped = false

    init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Self.failure("pipe", path) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw Self.failure("posix_spawn (\(String(cString: strerror(status))))", path)
        }
        pid = child
        output = pipeEnds[0]
    }

    /// Whether the server still runs (reaps it when it has ended).
    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        return !exited
    }

    /// SIGTERM, then up to 5 s for the server to end (SIGKILL after that); reaps it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        defer { close(output) }
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exited = true
        }
    }

    private static func failure(_ call: String, _ path: String) -> AppProcessError {
        AppProcessError(message: "\(call) failed to start \(path).")
    }
}
