import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension AppLauncher {
    /// What a launch holds between being made ready and being started.
    private struct Ready {
        let request: LaunchRequest
        let child: StagedChild
        let readiness: ReadinessWatcher?
        let channels: LaunchChannels
        let childrenBefore: Set<pid_t>
    }

    /// Makes a launch ready to start (``StagedLaunch``): its program checked, its environment,
    /// descriptors, sockets and the child's stack made, so that starting it is a clock reading
    /// and a clone. A launch with a `--prepare` command is made ready when it starts, after the
    /// command, as hyperfine runs it just before its launch.
    package func stage(_ request: LaunchRequest) -> StagedLaunch {
        guard request.specification.prepareCommand != nil else { return ready(request) }
        return StagedLaunch {
            if let failure = PrepareCommand.run(request.specification.prepareCommand) {
                return PendingLaunch(result: .failedToStart(request, message: failure))
            }
            return self.ready(request).start()
        }
    }

    private func ready(_ request: LaunchRequest) -> StagedLaunch {
        // A measurement launch follows the launches that checked its program: a program gone since
        // fails its exec, a spawn failure naming the program and why, without this path lookup.
        guard request.timingOnly || access(request.specification.executable, X_OK) == 0 else {
            return StagedLaunch(
                result: .failedToStart(
                    request,
                    message: LaunchProfilerError.notExecutable(path: request.specification.executable).description))
        }
        // A measurement launch writes no trace (it gets no trace path): nothing of an earlier one to remove.
        if !request.timingOnly { unlink(request.traceURL.path) }
        let readiness: ReadinessWatcher?
        do throws(LaunchProfilerError) {
            readiness = try Self.readinessWatcher(for: request)
        } catch {
            return StagedLaunch(result: .failedToStart(request, message: error.description))
        }
        // A measurement launch inherits no descriptor of the runner's: it gets no event socket either.
        let channels = LaunchChannels(
            events: !request.timingOnly, stallSampling: request.effectiveInstruments.effectiveSampler == .ptrace)
        let childrenBefore = Set(LaunchLeftovers.ownChildren())
        let stderrPath = readiness?.stderrPath ?? Self.stderrPath(for: request)
        do throws(LaunchProfilerError) {
            let child = try StagedChild(
                executable: request.specification.executable, arguments: request.specification.arguments,
                environment: launchEnvironment(
                    for: request, stallSocket: channels.stallAppEnd >= 0, readiness: readiness),
                // A measurement launch gets none of the runner's descriptors.
                inheritedFD: request.timingOnly ? -1 : channels.eventAppEnd,
                stdoutPath: readiness?.stdoutPath ?? (request.specification.showOutput ? "/dev/stdout" : "/dev/null"),
                stderrPath: stderrPath,
                stallFD: request.timingOnly ? -1 : channels.stallAppEnd, timingOnly: request.timingOnly)
            let ready = Ready(
                request: request, child: child, readiness: readiness, channels: channels,
                childrenBefore: childrenBefore)
            return StagedLaunch(mayLeaveStderrFile: !stderrPath.hasPrefix("/dev/")) { self.run(ready) }
        } catch {
            channels.closeAppEnds()
            return StagedLaunch(result: .failedToStart(request, message: error.description))
        }
    }

    /// The launch's environment (``environment(for:stallSocket:)``) and the readiness watcher's.
    private func launchEnvironment(for request: LaunchRequest, stallSocket: Bool, readiness: ReadinessWatcher?)
        -> [String: String]
    {
        let environment = environment(for: request, stallSocket: stallSocket)
        guard let readiness, !readiness.environment.isEmpty else { return environment }
        return environment.merging(readiness.environment) { $1 }
    }

    /// Creates the child made ready, opens its perf events at the gate, waits for its end and
    /// ends its leftovers.
    private func run(_ ready: Ready) -> PendingLaunch {
        let (request, channels, readiness) = (ready.request, ready.channels, ready.readiness)
        var profiler: WholeLaunchProfiler?
        var profileFailure: String? = request.timingOnly ? nil : request.effectiveInstruments.profileUnavailableReason
        let child: ChildProcess
        // Who else used the CPUs while the launch ran: every process's CPU time, before and after.
        let usage = request.timingOnly ? nil : ProcessCPUSnapshot.now()
        readiness?.prepareToStart(older: ready.childrenBefore)
        do throws(LaunchProfilerError) {
            child = try ChildProcess(staged: ready.child) { pid in
                // The child holds its copies: closing ours now keeps the work out of the launch.
                channels.closeAppEnds()
                readiness?.closeAppEnds()
                guard request.effectiveInstruments.usesPerfProfile, !request.timingOnly else { return }
                do throws(ProfilerUnavailable) {
                    profiler = try WholeLaunchProfiler(
                        pid: pid, settings: .init(rateHz: request.effectiveInstruments.profileRateHz))
                } catch {
                    profileFailure = PerfAvailability.reason(forErrno: error.errno, step: error.step)
                }
            }
        } catch {
            channels.closeAppEnds()
            return PendingLaunch(result: .failedToStart(request, message: error.description))
        }
        let marker = request.timingOnly ? nil : ProfilerEnvironment.Variable.trace.assignment(request.traceURL.path)
        let launch = LaunchLeftovers(group: child.pid, marker: marker, childrenBefore: ready.childrenBefore)
        let end = wait(
            for: child, request: request, channels: channels, profiler: profiler, readiness: readiness, launch: launch)
        profiler?.stop()
        let others = usage.map {
            ProcessCPUSnapshot.now().others(since: $0, excludingTreeOf: child.pid, andProcess: getpid())
        }
        let leftovers = child.killLeftovers(marker: marker, childrenBefore: ready.childrenBefore)
        return finishing(
            request, child: child, end: end, leftovers: leftovers,
            collected: (profiler, profileFailure, readiness, channels), others: others)
    }
}
