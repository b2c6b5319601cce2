import ArgumentParser
import Foundation
import LaunchTool

/// `--baselines`: the folder of saved baselines, shared by every command that reads or saves one.
struct BaselineStoreOption: ParsableArguments {
    @Option(help: "Folder of saved baselines.")
    var baselines: String = RunFolder.defaultBaselinesPath

    /// The store in that folder.
    var store: BaselineStore { BaselineStore(directory: URL(filePath: baselines)) }
}
