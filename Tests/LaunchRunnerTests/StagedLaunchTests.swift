import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

/// Launches made ready ahead (``StagedLaunch``): what a measurement launch that follows a
/// diagnosis launch at once relies on.
@Suite("Staged launches")
struct StagedLaunchTests {
    /// The descriptors of this process that name `path`.
    static func descriptors(naming path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
        }
        .count
    }

    @Test("a launch made ready before another runs starts after it as its own request says, its file held until then")
    func stagedAcrossAnotherLaunch() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("b", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let staged = AppLauncher().stage(AppLauncherTests.request("echo staged >&2", in: other))
        let stderr = other.appendingPathComponent("t.stderr.txt").path
        #expect(Self.descriptors(naming: stderr) == 1)
        let first = AppLauncher().launch(AppLauncherTests.request("exit 0", in: folder))
        #expect(first.record.exitStatus == 0)
        let second = staged.start().complete()
        #expect(second.record.exitStatus == 0)
        #expect(try String(contentsOfFile: stderr, encoding: .utf8) == "staged\n")
        #expect(Self.descriptors(naming: stderr) == 0)
        // Started once: asking again gives the same launch, not another.
        #expect(staged.start().complete().record == second.record)
    }

    @Test("a launch made ready and never started closes what it held")
    func neverStarted() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stderr = folder.appendingPathComponent("t.stderr.txt").path
        do {
            let staged = AppLauncher().stage(AppLauncherTests.request("exit 0", in: folder))
            #expect(Self.descriptors(naming: stderr) == 1)
            withExtendedLifetime(staged) {}
        }
        #expect(Self.descriptors(naming: stderr) == 0)
    }

    @Test("a program that is not executable is refused when it is made ready, without a process")
    func notExecutable() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = AppLauncherTests.request("exit 0", in: folder)
        request.specification.executable = folder.appendingPathComponent("missing").path
        let result = AppLauncher().stage(request).start().complete()
        #expect(result.record.outcome == .spawnFailed)
        #expect(result.record.message?.contains("missing") == true)
    }

    @Test("a signal the runner ignores is at its default in the launch, read from the kernel's list at each launch")
    func ignoredSignalReset() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = "grep '^SigIgn:' /proc/self/status >&2"
        let request = AppLauncherTests.request(script, in: folder)
        let before = try Self.ignoredSignals(of: AppLauncher().launch(request), in: folder)
        // Ignored after the first launch: the second sees it (no list kept from the first).
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let after = try Self.ignoredSignals(of: AppLauncher().launch(request), in: folder)
        #expect(before & (1 << (UInt64(SIGUSR2) - 1)) == 0)
        #expect(after & (1 << (UInt64(SIGUSR2) - 1)) == 0)
        #expect(after == before)
    }

    /// The `SigIgn` mask the launch's script wrote to its standard error file.
    private static func ignoredSignals(of result: LaunchResult, in folder: URL) throws -> UInt64 {
        #expect(result.record.exitStatus == 0)
        let text = try String(contentsOf: folder.appendingPathComponent("t.stderr.txt"), encoding: .utf8)
        let mask = text.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return try #require(mask.flatMap { UInt64($0, radix: 16) }, "no SigIgn line in \(text)")
    }

    @Test(
        "a measurement launch (created with CLONE_VFORK, no status pipe) whose exec fails is a spawn failure naming why"
    )
    func measurementLaunchExecFails() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Executable, so it is made ready, but neither an ELF file nor a script: exec fails (ENOEXEC).
        let program = folder.appendingPathComponent("not-a-program")
        try Data([0x00, 0x01, 0x02, 0x03]).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        var request = AppLauncherTests.request("exit 0", in: folder)
        request.specification.executable = program.path
        request.specification.arguments = []
        request.specification.instrumentation = .none
        for _ in 0..<2 {  // the second reuses the first's stack, where its failure was written
            let failed = AppLauncher().launch(request)
            #expect(failed.record.outcome == .spawnFailed)
            #expect(failed.record.message?.contains("Exec format error") == true)
        }
        // A program gone since the launches that checked it: its exec names it and why.
        request.specification.executable = folder.appendingPathComponent("gone").path
        let gone = AppLauncher().launch(request)
        #expect(gone.record.outcome == .spawnFailed)
        #expect(gone.record.message?.contains("gone") == true)
        #expect(gone.record.message?.contains("No such file or directory") == true)
        // And the next measurement launch of a real program, on the same stack, is not taken for a failure.
        var good = AppLauncherTests.request("exit 3", in: folder)
        good.specification.instrumentation = .none
        let result = AppLauncher().launch(good)
        #expect(result.record.exitStatus == 3)
        #expect(result.record.outcome != .spawnFailed)
    }

    @Test("a measurement launch's program has /dev/null on 0, 1 and 2 and no other descriptor of the runner's")
    func measurementLaunchDescriptors() throws {
        let folder = try AppLauncherTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = folder.appendingPathComponent("fds.txt")
        // `ls` lists the shell's descriptors (not its own): what the shell was given, and 3.
        let script = "exec 3>'\(listing.path)'; ls -l /proc/$$/fd >&3"
        var request = AppLauncherTests.request(script, in: folder)
        request.specification.instrumentation = .none
        for _ in 0..<2 {  // the second launch after the first: nothing of the first left open either
            #expect(AppLauncher().launch(request).record.exitStatus == 0)
            let text = try String(contentsOf: listing, encoding: .utf8)
            let descriptors = text.split(separator: "\n").filter { $0.contains(" -> ") }.map { line in
                line.split(separator: " ").suffix(3).joined(separator: " ")
            }
            let expected = ["0 -> /dev/null", "1 -> /dev/null", "2 -> /dev/null", "3 -> \(listing.path)"]
            #expect(descriptors.sorted() == expected)
        }
    }
}
