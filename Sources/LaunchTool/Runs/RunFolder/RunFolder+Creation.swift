import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension RunFolder {
    /// Creates the folder `requested`, or a new dated folder under ``runsRoot`` (unique even
    /// within one second) with ``latestLinkName`` pointing at it. Either way the run claims the
    /// folder by creating ``claimName`` in it exclusively, so two runs never share a folder,
    /// even when started together with the same `--output`.
    ///
    /// - Throws: ``LaunchProfilerError`` when the folder cannot be created or already holds a run.
    package static func create(at requested: String?, root: URL = URL(filePath: runsRoot)) throws -> RunFolder {
        if let requested {
            let folder = RunFolder(url: URL(filePath: requested))
            try folder.refuseForeignContents()
            try folder.createDirectory()
            try folder.claim()
            return folder
        }
        let folder = try uniqueDatedFolder(in: root)
        try folder.claim()
        let latest = root.appendingPathComponent(latestLinkName)
        // A new link renamed over the old one: `latest` always exists and names a whole run folder.
        let temporary = root.appendingPathComponent(".\(latestLinkName).\(getpid()).tmp")
        unlink(temporary.path)
        if symlink(folder.url.lastPathComponent, temporary.path) == 0, rename(temporary.path, latest.path) != 0 {
            unlink(temporary.path)
        }
        return folder
    }

    /// Refuses an existing folder that holds anything and is not a run: launchprof writes only
    /// into folders it created or empty ones, never among a user's files (where the summary of a
    /// run could replace one of theirs, or a named pipe hold the end of the run).
    private func refuseForeignContents() throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path), !names.isEmpty,
            !names.contains(Self.claimName)
        else { return }
        let shown = names.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        throw LaunchProfilerError.workflow(
            "The output folder \(url.path) already exists and holds \(names.count) "
                + "\(names.count == 1 ? "entry" : "entries") that are not a launchprof run (\(shown)\(names.count > 3 ? ", …" : "")); "
                + "launchprof writes only into a new or empty folder; name a new folder.")
    }

    /// Creates ``claimName`` exclusively (it holds launchprof's pid).
    private func claim() throws {
        let path = url.appendingPathComponent(Self.claimName).path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST {
                throw LaunchProfilerError.workflow(
                    "The output folder \(url.path) already holds a run; name a new folder (runs never share one).")
            }
            throw LaunchProfilerError.workflow(
                "The output folder \(url.path) cannot be used: \(LaunchProfilerError.systemReason(code))")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The folder or summary file a command reads: `argument`, or the latest run.
    ///
    /// - Throws: ``LaunchProfilerError`` when it does not exist.
    package static func locate(_ argument: String?, root: URL = URL(filePath: runsRoot)) throws -> URL {
        let url = argument.map { URL(filePath: $0) } ?? root.appendingPathComponent(latestLinkName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if argument == nil {
                throw LaunchProfilerError.workflow(
                    "There is no run to read: \(url.path) does not exist. Run `launchprof run` first or name a run folder."
                )
            }
            throw LaunchProfilerError.workflow("The run folder or summary \(url.path) does not exist.")
        }
        return url
    }

    /// A new folder named by the date and time, `-2`, `-3`, … when that name is taken.
    private static func uniqueDatedFolder(in root: URL) throws -> RunFolder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: Date())
        try RunFolder(url: root).createDirectory()
        var suffix = 1
        while true {
            let name = suffix == 1 ? stamp : "\(stamp)-\(suffix)"
            let folder = RunFolder(url: root.appendingPathComponent(name))
            // mkdir fails when the name exists, so two runs started together get two folders.
            if mkdir(folder.url.path, 0o777) == 0 { return folder }
            guard errno == EEXIST else {
                try folder.createDirectory()
                return folder
            }
            suffix += 1
        }
    }

    private func createDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw LaunchProfilerError.workflow(
                "The output folder \(url.path) cannot be created: \(LaunchProfilerError.describe(error))")
        }
    }
}
