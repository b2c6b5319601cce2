import LaunchTrace
import Foundation

extension RunFolder {
    /// Creates the folder `requested`, or a new dated folder under ``runsRoot`` (unique even
    /// within one second) with ``latestLinkName`` pointing at it.
    ///
    /// - Throws: ``LaunchProfilerError`` when the folder cannot be created.
    public static func create(at requested: String?, root: URL = URL(filePath: runsRoot)) throws -> RunFolder {
        if let requested {
            let folder = RunFolder(url: URL(filePath: requested))
            try folder.createDirectory()
            return folder
        }
        let folder = try uniqueDatedFolder(in: root)
        let latest = root.appendingPathComponent(latestLinkName)
        try? FileManager.default.removeItem(at: latest)
        try? FileManager.default.createSymbolicLink(atPath: latest.path, withDestinationPath: folder.url.lastPathComponent)
        return folder
    }

    /// The folder or summary file a command reads: `argument`, or the latest run.
    ///
    /// - Throws: ``LaunchProfilerError`` when it does not exist.
    public static func locate(_ argument: String?, root: URL = URL(filePath: runsRoot)) throws -> URL {
        let url = argument.map { URL(filePath: $0) } ?? root.appendingPathComponent(latestLinkName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if argument == nil {
                throw LaunchProfilerError.workflow("There is no run to read: \(url.path) does not exist. Run `launchprof run` first or name a run folder.")
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
            guard errno == EEXIST else { try folder.createDirectory(); return folder }
            suffix += 1
        }
    }

    private func createDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw LaunchProfilerError.workflow("The output folder \(url.path) cannot be created: \(error.localizedDescription)")
        }
    }
}
