import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

extension LaunchProfilerError.Code {
    /// The path of `--ready-when file:PATH` exists before the launch.
    package static let readyFileExists = Self("readyFileExists")
}

/// The file of a `file:PATH` condition. launchprof never deletes what it did not see appear:
/// a path that exists before a launch (a file, a folder, anything) is refused with
/// ``LaunchTrace/LaunchProfilerError/Code/readyFileExists``; what the program creates there
/// during the launch is removed after it, so that the next launch waits afresh.
enum ReadyFile {
    /// Throws when something is at `path` already.
    static func checkAbsent(_ path: String) throws(LaunchProfilerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let kind =
            switch info.st_mode & S_IFMT {
            case S_IFDIR: "a folder"
            case S_IFREG: "a file"
            case S_IFLNK: "a symbolic link"
            default: "a special file"
            }
        throw LaunchProfilerError(
            .readyFileExists,
            "The readiness file of --ready-when file:\(path) already exists (\(kind)). launchprof waits for the "
                + "program to create it and removes what the program created after each launch, so it refuses a path "
                + "that exists before the launch rather than delete it or count it as ready at once; remove it or name "
                + "a new path.",
            context: .init(file: path, jsonPath: "--ready-when", mentionsLocation: true))
    }

    /// Removes what the program created at `path` during the launch (a file, or an empty folder).
    static func removeCreated(_ path: String) {
        _ = remove(path)
    }
}

extension ReadinessSettings {
    /// Checks the condition before a launch: the path of `file:PATH` must not exist.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` with code `readyFileExists`.
    package func checkBeforeLaunch() throws(LaunchProfilerError) {
        if case .file(let path) = condition { try ReadyFile.checkAbsent(path) }
    }
}
