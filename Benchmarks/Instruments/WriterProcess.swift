import Glibc

/// The benchmark side of the tracer benchmark: a WriterHelper process (this executable again),
/// with libLaunchPreload.so preloaded and LAUNCHPROF_TRACE=/dev/null, or without either.
/// Released, it closes the helper's stdin (the helper exits) and reaps it.
final class WriterProcess {
    /// Holds the helper between a benchmark's setup and teardown.
    final class Slot: @unchecked Sendable {
        /// The helper, from setup until teardown.
        var value: WriterProcess?
    }

    private let pid: pid_t
    private let toHelper: Int32
    private let fromHelper: Int32
    private let traced: Bool

    /// This executable's path (/proc/self/exe).
    static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// libLaunchPreload.so in the build folder of this executable (beside it, or in the resource
    /// bundle `swift build` puts it in), when it was built there.
    static func preloadLibraryPath() -> String? {
        guard let executable = executablePath, let slash = executable.lastIndex(of: "/") else { return nil }
        let folder = String(executable[..<slash])
        let candidates = ["/", "/LaunchProfiler_CLaunchPreload.resources/"].map { folder + $0 + "libLaunchPreload.so" }
        return candidates.first { access($0, R_OK) == 0 }
    }

    /// Says on stderr why the tracer benchmark is skipped and how to build what it needs.
    static func reportMissingPreload(benchmark: String) {
        let folder = executablePath.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) } ?? "?"
        let message = """
            Instruments: skipping "\(benchmark)": libLaunchPreload.so is not in \(folder). Build it \
            into the same folder first, e.g. LAUNCHPROF_BENCHMARKS=1 swift build -c release \
            --target CLaunchPreload --scratch-path <the benchmark's scratch path>.

            """
        _ = message.utf8CString.withUnsafeBufferPointer { Glibc.write(STDERR_FILENO, $0.baseAddress!, $0.count - 1) }
    }

    /// Starts the helper; with `preload`, under LD_PRELOAD of that library and with the tracer
    /// recording (LAUNCHPROF_TRACE=/dev/null), and checks it answers.
    init(preload: String?) throws {
        guard let executable = Self.executablePath else {
            throw InstrumentsBenchmarkError.helperFailed("cannot read /proc/self/exe")
        }
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard Self.closeOnExecPipe(&input) else {
            throw InstrumentsBenchmarkError.spawnFailed(path: executable, errno: errno)
        }
        guard Self.closeOnExecPipe(&output) else {
            close(input[0])
            close(input[1])
            throw InstrumentsBenchmarkError.spawnFailed(path: executable, errno: errno)
        }
        var environment = Self.inheritedEnvironment()
        environment.append("\(WriterHelper.environmentKey)=1")
        if let preload {
            environment.append("LD_PRELOAD=\(preload)")
            environment.append("LAUNCHPROF_TRACE=/dev/null")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            throw InstrumentsBenchmarkError.spawnFailed(path: executable, errno: spawned)
        }
        pid = child
        toHelper = input[1]
        fromHelper = output[0]
        traced = preload != nil
        // One small batch: the helper runs, and the tracer intercepts its calls when preloaded.
        let intercepted = write(count: 1_000)
        if let failure = check(intercepted: intercepted, count: 1_000) {
            throw InstrumentsBenchmarkError.helperFailed(failure)
        }
    }

    deinit {
        close(toHelper)
        close(fromHelper)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Has the helper make `count` 0-byte writes; returns what it answers (see WriterHelper),
    /// or nil when it is gone.
    func write(count: Int) -> Int64? {
        var request = Int64(count)
        let sent = withUnsafeBytes(of: &request) { Glibc.write(toHelper, $0.baseAddress!, $0.count) }
        guard sent == MemoryLayout<Int64>.size else { return nil }
        var answer: Int64 = 0
        var done = 0
        while done < MemoryLayout<Int64>.size {
            let n = withUnsafeMutableBytes(of: &answer) { read(fromHelper, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return answer
    }

    /// Nil when the answer to a batch of `count` is what this helper should say, else why not.
    func check(intercepted: Int64?, count: Int) -> String? {
        guard let intercepted else { return "the helper \(pid) stopped answering" }
        if traced {
            return intercepted == Int64(count)
                ? nil : "the tracer intercepted \(intercepted) of \(count) calls (is libLaunchPreload.so of this ABI?)"
        }
        return intercepted == -1 ? nil : "a tracer is loaded in the helper without LD_PRELOAD"
    }

    /// A pipe whose ends the helper does not inherit (posix_spawn's dup2 keeps the two it needs).
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    /// This process's environment without LD_PRELOAD, LAUNCHPROF_TRACE and the helper switch.
    private static func inheritedEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.prefix { $0 != "=" }
            if !["LD_PRELOAD", "LAUNCHPROF_TRACE", WriterHelper.environmentKey].contains(String(name)) {
                result.append(text)
            }
            entry += 1
        }
        return result
    }
}
