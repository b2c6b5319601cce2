import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

/// What `execve` would refuse is refused before the run, each case with its own sentence.
@Suite("ProgramCheck")
struct ProgramCheckTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("program-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func file(_ text: String, named name: String, mode: Int, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url.path
    }

    static func refusal(_ path: String) -> String? {
        do {
            try ProgramCheck.check(path)
            return nil
        } catch {
            #expect(error.code == .notExecutable)
            #expect(error.context.file == path)
            return error.message
        }
    }

    @Test("a real program and a script with a real interpreter pass")
    func passes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.refusal("/bin/true") == nil)
        #expect(Self.refusal(try Self.file("#!/bin/sh -e\nexit 0\n", named: "ok.sh", mode: 0o755, in: folder)) == nil)
    }

    @Test(
        "a directory, a missing file, a file without the execute bit and a script without its interpreter are refused")
    func refusals() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.refusal(folder.path)?.contains("is a directory, not a program") == true)
        #expect(Self.refusal(folder.appendingPathComponent("missing").path)?.contains("does not exist") == true)
        let plain = try Self.file("#!/bin/sh\n", named: "plain.sh", mode: 0o644, in: folder)
        #expect(Self.refusal(plain)?.contains("is not executable") == true)
        let orphan = try Self.file("#!/nonexistent/python9\nprint(1)\n", named: "orphan.py", mode: 0o755, in: folder)
        #expect(Self.refusal(orphan)?.contains("interpreter /nonexistent/python9 does not exist") == true)
    }
}
