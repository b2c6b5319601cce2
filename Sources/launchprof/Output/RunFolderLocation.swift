import Foundation

/// Where a run's files go: the folder the user named, or a new dated folder under
/// `.launchprof/runs` with `latest` pointing at it.
enum RunFolderLocation {
    static let root = ".launchprof/runs"

    static func make(_ requested: String?) throws -> URL {
        let manager = FileManager.default
        if let requested {
            let url = URL(filePath: requested)
            try create(url)
            return url
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var name = formatter.string(from: Date())
        var url = URL(filePath: root).appendingPathComponent(name)
        var suffix = 2
        while manager.fileExists(atPath: url.path) {
            name = formatter.string(from: Date()) + "-\(suffix)"
            url = URL(filePath: root).appendingPathComponent(name)
            suffix += 1
        }
        try create(url)
        let latest = URL(filePath: root).appendingPathComponent("latest")
        try? manager.removeItem(at: latest)
        try? manager.createSymbolicLink(atPath: latest.path, withDestinationPath: name)
        return url
    }

    /// The folder or summary a command reads: the argument, or the latest run.
    static func existing(_ argument: String?) throws -> URL {
        let url = URL(filePath: argument ?? "\(root)/latest")
        guard FileManager.default.fileExists(atPath: url.path) else {
            if argument == nil {
                throw CLIError("There is no run to read: \(url.path) does not exist. Run `launchprof run` first or name a run folder.")
            }
            throw CLIError("The run folder or summary \(url.path) does not exist.")
        }
        return url
    }

    private static func create(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CLIError("The output folder \(url.path) cannot be created: \(error.localizedDescription)")
        }
    }
}
