import Foundation
import LaunchTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// launchprof writes and deletes only what it created: the `--output` folder, the file of
/// `--ready-when file:PATH`.
@Suite("Hostile files", .serialized)
struct HostileFilesTests {
    @Test("--output naming a folder of the user's that holds files (a named pipe among them) is refused, untouched")
    func foreignOutputFolder() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt")
        try "mine\n".write(to: notes, atomically: true, encoding: .utf8)
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o644) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let result = try HostileRun.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--no-history", "--output", folder.path, "--", "/bin/true"],
            patience: 30)
        #expect(!result.hung)
        #expect(result.output.status == 1)
        #expect(result.output.stderr.contains("not a launchprof run"), "\(result.output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine\n")
    }

    @Test("--output naming an existing empty folder is used")
    func emptyOutputFolder() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BuiltProducts.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--no-history", "--output", folder.path, "--", "/bin/true"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(HostileRun.missingFiles(in: folder).isEmpty)
    }

    @Test("--ready-when file:PATH refuses an existing file or folder, and leaves it where it was")
    func existingReadyFile() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("precious.txt")
        try "keep me\n".write(to: file, atomically: true, encoding: .utf8)
        let directory = folder.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("dangling")
        #expect(symlink("/nonexistent/target", link.path) == 0)
        for (path, kind) in [(file.path, "a file"), (directory.path, "a folder"), (link.path, "a symbolic link")] {
            for command in ["run", "compare"] {
                let arguments =
                    command == "run"
                    ? ["run", "--runs", "1", "--no-history", "--ready-when", "file:\(path)", "--", "/bin/sleep", "30"]
                    : [
                        "compare", "--base", "/bin/sleep", "--head", "/bin/sleep", "--ready-when", "file:\(path)",
                        "--", "30",
                    ]
                let result = try HostileRun.launchprof(arguments, in: folder, patience: 30)
                #expect(!result.hung)
                #expect(result.output.status == 1, "\(command) \(path): \(result.output.stderr)")
                #expect(result.output.stderr.contains("already exists (\(kind))"), "\(result.output.stderr)")
            }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "/nonexistent/target")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".launchprof").path))
    }

    @Test("the file a program creates for --ready-when file:PATH makes each launch ready, and is removed after it")
    func readyFileCreatedByTheProgram() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ready = folder.appendingPathComponent("ready.flag")
        let app = try HostileRun.script("sleep 0.05\ntouch '\(ready.path)'\nexec sleep 60", in: folder)
        let result = try HostileRun.launchprof(
            [
                "run", "--runs", "3", "--warmup", "1", "--no-history", "--ready-when", "file:\(ready.path)",
                "--grace-period", "0.2", "--timeout", "20", "--output", folder.appendingPathComponent("run").path,
                "--", app,
            ], patience: 120)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ready.path))
    }

    @Test("a program path that is a symbolic link loop is named as one")
    func symlinkLoop() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop")
        #expect(symlink(loop.path, loop.path) == 0)
        let result = try BuiltProducts.launchprof(["run", "--runs", "1", "--no-history", "--", loop.path], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("symbolic link that leads back to itself"), "\(result.stderr)")
    }

    @Test(
        "a negative count is refused with its range, not \"Missing value\"",
        arguments: ["--runs", "--warmup", "--timeout", "--grace-period"])
    func negativeCount(option: String) throws {
        let result = try BuiltProducts.launchprof(["run", option, "-1", "--no-history", "--", "/bin/true"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.stderr.contains("\(option) must be"), "\(result.stderr)")
    }
}
