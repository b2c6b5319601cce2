import Foundation
import LaunchRunner

/// A run folder and the only owner of its layout: the dated folders under `.launchprof/runs`
/// and their `latest` link, every file name inside (`launches.json`, `launches.journal`, `summary.json`,
/// `verdicts.json`, `report.html`, `launch-NNN.trace.json`), and the default baselines folder.
///
/// ```swift
/// let folder = try RunFolder.create(at: nil)            // .launchprof/runs/20260101-120000
/// try summary.write(to: folder.summaryURL)
/// let latest = try RunFolder.locate(nil)                // .launchprof/runs/latest
/// ```
package struct RunFolder: Sendable, Equatable, LaunchFileLayout {
    /// Where dated run folders are created, relative to the working directory.
    package static let runsRoot = ".launchprof/runs"
    /// The link in ``runsRoot`` to the newest run.
    package static let latestLinkName = "latest"
    /// The default folder of saved baselines, relative to the working directory.
    package static let defaultBaselinesPath = ".launchprof/baselines"
    /// The path of the newest run, relative to the working directory.
    package static let latestPath = "\(runsRoot)/\(latestLinkName)"

    static let manifestName = "launches.json"
    static let journalName = "launches.journal"
    static let summaryName = "summary.json"
    static let verdictsName = "verdicts.json"
    static let reportName = "report.html"
    static let traceExtension = "trace.json"
    static let stderrExtension = "stderr.txt"
    static let framePictureExtension = "frame.png"
    static let warmupName = "warmup"
    static let preMainName = "premain"
    /// The file a run creates exclusively in its folder to claim it (holding its pid).
    static let claimName = ".launchprof-run"

    /// The folder.
    package let url: URL

    /// The folder (``LaunchRunner/LaunchFileLayout/directory``).
    package var directory: URL { url }

    /// A run folder at `url` (not created).
    package init(url: URL) {
        self.url = url
    }

    /// `launches.json`: the manifest, written before the first launch and after the last
    /// (read it with ``readManifest()``, which merges the journal of a run that was killed).
    package var manifestURL: URL { url.appendingPathComponent(Self.manifestName) }
    /// `launches.journal`: each launch's record as it ended, until `launches.json` holds them all
    /// (``RunJournal``).
    package var journalURL: URL { url.appendingPathComponent(Self.journalName) }
    /// `summary.json`: statistics, samples and findings.
    package var summaryURL: URL { url.appendingPathComponent(Self.summaryName) }
    /// `verdicts.json`: the summary with the budget verdicts.
    package var verdictsURL: URL { url.appendingPathComponent(Self.verdictsName) }
    /// `report.html`: the self-contained page.
    package var reportURL: URL { url.appendingPathComponent(Self.reportName) }

    /// The default baselines folder.
    package static var defaultBaselinesURL: URL { URL(filePath: defaultBaselinesPath) }

    /// `launch-NNN.trace.json` and `launch-NNN.stderr.txt` of measured launch `index`, and
    /// `launch-NNN.frame.png`, the picture of its first frame (`--ready-when frame`).
    package func files(forLaunch index: Int) -> LaunchFiles {
        let name = String(format: "launch-%03d", index)
        var files = files(named: name)
        files.framePictureURL = url.appendingPathComponent("\(name).\(Self.framePictureExtension)")
        return files
    }

    /// The files of measurement launch `index` of an app that writes its own trace.
    package func files(forMeasurement index: Int) -> LaunchFiles {
        files(named: String(format: "measure-%03d", index))
    }

    /// The warm-up launches' scratch files.
    package var warmupFiles: LaunchFiles { files(named: Self.warmupName) }

    /// The pre-main launches' scratch files.
    package var preMainFiles: LaunchFiles { files(named: Self.preMainName) }

    /// The files of a launch named `name` in this folder.
    func files(named name: String) -> LaunchFiles {
        LaunchFiles(
            traceURL: url.appendingPathComponent("\(name).\(Self.traceExtension)"),
            stderrURL: url.appendingPathComponent("\(name).\(Self.stderrExtension)")
        )
    }

    /// The files of a single launch outside any run (`launchprof trace`): the trace at
    /// `requested`, or a temporary `launchprof-PID.trace.json`; standard error beside it.
    package static func standaloneFiles(requested: String?) -> LaunchFiles {
        let name = "launchprof-\(ProcessInfo.processInfo.processIdentifier).\(traceExtension)"
        let traceURL = URL(
            filePath: requested ?? FileManager.default.temporaryDirectory.appendingPathComponent(name).path)
        let stem = traceURL.deletingPathExtension()
        return LaunchFiles(
            traceURL: traceURL, stderrURL: stem.appendingPathExtension(stderrExtension),
            framePictureURL: stem.appendingPathExtension(framePictureExtension))
    }
}
