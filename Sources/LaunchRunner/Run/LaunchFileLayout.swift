import Foundation

/// Names the files of a session's launches; the runner spells no file name itself (the
/// workflow's `RunFolder` owns the layout of a run folder).
package protocol LaunchFileLayout: Sendable {
    /// The folder that holds the files; the session creates it when it is missing.
    var directory: URL { get }
    /// The files of measured launch `index` (1-based).
    func files(forLaunch index: Int) -> LaunchFiles
    /// The scratch files of the warm-up and measurement launches, deleted after each one.
    var warmupFiles: LaunchFiles { get }
    /// The files of measurement launch `index` (1-based) of an app that writes its own trace.
    func files(forMeasurement index: Int) -> LaunchFiles
    /// The scratch files of the pre-main launches, deleted after each one: apart from
    /// ``warmupFiles``, as a pre-main launch is made ready while a measurement launch runs.
    var preMainFiles: LaunchFiles { get }
}

extension LaunchFileLayout {
    /// Without a place of their own, measurement launches write to the scratch files.
    package func files(forMeasurement index: Int) -> LaunchFiles { warmupFiles }

    /// Without a place of their own, pre-main launches write beside the warm-up launches'
    /// scratch files, under their own names.
    package var preMainFiles: LaunchFiles {
        let folder = warmupFiles.traceURL.deletingLastPathComponent()
        return LaunchFiles(
            traceURL: folder.appendingPathComponent("premain.trace.json"),
            stderrURL: folder.appendingPathComponent("premain.stderr.txt"))
    }
}
