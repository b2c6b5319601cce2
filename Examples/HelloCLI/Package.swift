// swift-tools-version: 6.1
//
// A small Swift command-line tool for comparing launches of two builds: the Swift runtime and
// Foundation as shared libraries (`swift build -c release`) against linked in
// (`swift build -c release --static-swift-stdlib`). README ("Before main") has the commands.
import PackageDescription

let package = Package(
    name: "HelloCLI",
    targets: [
        .executableTarget(name: "HelloCLI")
    ]
)
