import CLaunchRunner
import LaunchTrace
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process made ready before its time (`lp_spawn_stage`): its argument and environment
/// strings copied, its standard descriptors opened, its pipes and stack made, the signals it
/// resets listed. ``ChildProcess/init(staged:beforeExec:)`` then creates it with one clock
/// reading and a clone, so a launch made ready while another runs starts as soon as that one
/// has ended. A staging never started releases what it holds when it goes.
final class StagedChild {
    /// The program.
    let executable: String
    /// Whether the child execs at once, without the gate (a measurement launch).
    let timingOnly: Bool
    private let strings: CStringArray
    private let envp: CStringArray
    var staging = lp_spawn_staged()

    /// Makes ready a child of `executable` with `arguments` and `environment` (see
    /// ``ChildProcess/init(executable:arguments:environment:inheritedFD:stdoutPath:stderrPath:stallFD:timingOnly:beforeExec:)``).
    ///
    /// - Throws: ``LaunchProfilerError`` (`spawnFailed`) when a descriptor, a pipe or the stack cannot be made.
    init(
        executable: String, arguments: [String], environment: [String: String], inheritedFD: Int32,
        stdoutPath: String, stderrPath: String, stallFD: Int32, timingOnly: Bool
    ) throws(LaunchProfilerError) {
        typealias Variable = ProfilerEnvironment.Variable
        self.executable = executable
        self.timingOnly = timingOnly
        let inherited = [inheritedFD, stallFD].filter { $0 >= 0 }
        strings = CStringArray([executable] + arguments)
        let clockDigits: UnsafeMutablePointer<CChar>?
        if timingOnly {
            envp = Self.timingEnvironment(environment)
            clockDigits = nil
        } else {
            var envStrings = Self.assignments(environment)
            if inheritedFD >= 0 { envStrings.append(Variable.eventFD.assignment(String(inheritedFD))) }
            if stallFD >= 0 { envStrings.append(Variable.stallFD.assignment(String(stallFD))) }
            // `NAME=` and room for any Int64 count of nanoseconds, filled in by the child at release.
            let spawnEntry = Variable.spawnNs.assignment(String(repeating: "0", count: 20))
            envp = CStringArray(envStrings + [spawnEntry])
            clockDigits = envp[envStrings.count].map { $0 + spawnEntry.utf8.count - 20 }
        }
        let status = Self.stage(
            &staging, path: strings[0], argv: strings.argv, envp: envp.argv, clockDigits: clockDigits,
            inherited: inherited, output: (stdoutPath, stderrPath), ungated: timingOnly)
        guard status == 0 else {
            throw LaunchProfilerError.spawnFailed(executable: executable, reason: String(cString: strerror(status)))
        }
    }

    deinit {
        lp_spawn_unstage(&staging)
    }

    /// `NAME=VALUE` of each variable but the spawn clock's.
    private static func assignments(_ environment: [String: String]) -> [String] {
        environment.filter { $0.key != ProfilerEnvironment.Variable.spawnNs.rawValue }.map { "\($0.key)=\($0.value)" }
    }

    /// A measurement launch's environment in C strings, and the environment they were made of.
    private struct TimingEnvironment: @unchecked Sendable {
        let environment: [String: String]
        /// Read only: a measurement launch's child writes nothing into its environment (no spawn clock).
        let envp: CStringArray
    }

    /// The last measurement launch's environment: a program's measurement launches share one, copied
    /// into C strings once instead of for each launch (20 microseconds of the runner's time
    /// between two launches of a short program).
    private static let lastTimingEnvironment = Mutex<TimingEnvironment?>(nil)

    private static func timingEnvironment(_ environment: [String: String]) -> CStringArray {
        lastTimingEnvironment.withLock { last in
            if let last, last.environment == environment { return last.envp }
            let made = TimingEnvironment(environment: environment, envp: CStringArray(assignments(environment)))
            last = made
            return made.envp
        }
    }

    private static func stage(
        _ staging: inout lp_spawn_staged, path: UnsafeMutablePointer<CChar>?,
        argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, clockDigits: UnsafeMutablePointer<CChar>?,
        inherited: [Int32], output: (String, String), ungated: Bool
    ) -> Int32 {
        let mask = CPUSet.launches.withLock { $0 }?.words ?? []
        return inherited.withUnsafeBufferPointer { fds in
            mask.withUnsafeBufferPointer { cpus in
                output.0.withCString { out in
                    output.1.withCString { err in
                        var request = lp_spawn_request(
                            path: path, argv: argv, envp: envp, clock_digits: clockDigits, stdout_path: out,
                            stderr_path: err, inherited_fds: fds.baseAddress, inherited_count: Int32(fds.count),
                            new_process_group: 1, cpu_mask: cpus.baseAddress, cpu_mask_words: Int32(cpus.count))
                        return lp_spawn_stage(&request, ungated ? 1 : 0, &staging)
                    }
                }
            }
        }
    }
}
