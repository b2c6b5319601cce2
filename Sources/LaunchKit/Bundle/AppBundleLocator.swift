/// Finds the app's Info.plist.
///
/// In this order:
/// 1. `$LAUNCHKIT_BUNDLE/Info.plist`, when the variable is set (its absence there is an error);
/// 2. `<executable directory>/Info.plist`;
/// 3. `<executable directory>/<anything>_<executable name>.resources/AppBundle/Info.plist`,
///    the SwiftPM resource bundle of an executable target that declares
///    `resources: [.copy("AppBundle")]`.
///
/// No Info.plist at all means the code path.
struct AppBundleLocator: Sendable {
    /// The environment to read `LAUNCHKIT_BUNDLE` from.
    var environment: [String: String]
    /// The running executable, or `nil` when it cannot be found.
    var executableURL: URL?

    /// A locator for this process: its environment and `/proc/self/exe`.
    static func forCurrentProcess() -> AppBundleLocator {
        AppBundleLocator(environment: ProcessInfo.processInfo.environment, executableURL: currentExecutableURL())
    }

    /// The Info.plist to read, or `nil` for none.
    func locateInfoPlist() throws(LaunchKitError) -> URL? {
        let files = FileManager.default
        if let directory = environment["LAUNCHKIT_BUNDLE"], !directory.isEmpty {
            let candidate = URL(filePath: directory, directoryHint: .isDirectory).appending(path: "Info.plist")
            guard files.fileExists(atPath: candidate.path) else {
                throw LaunchKitError(
                    kind: .missingInfoPlist, file: candidate.path, key: "LAUNCHKIT_BUNDLE",
                    message:
                        "LAUNCHKIT_BUNDLE names the directory \(directory), but \(candidate.path) does not exist; expected the app bundle directory that holds Info.plist."
                )
            }
            return candidate
        }
        guard let executableURL else { return nil }
        let directory = executableURL.deletingLastPathComponent()
        let beside = directory.appending(path: "Info.plist")
        if files.fileExists(atPath: beside.path) { return beside }
        let suffix = "_\(executableURL.lastPathComponent).resources"
        let entries = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(suffix) {
            let candidate = directory.appending(path: entry).appending(path: "AppBundle").appending(path: "Info.plist")
            if files.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The executable of this process, from `/proc/self/exe`.
    static func currentExecutableURL() -> URL? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(filePath: target)
        }
        return Bundle.main.executableURL
    }
}
