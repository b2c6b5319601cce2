// swift-tools-version: 6.1
//
// A real server profiled by LaunchProfiler: Hummingbird, SQLite, LaunchProbe phases.
// Built against the LaunchProfiler package by path, so the main package's build and CI never
// build Hummingbird. See the README section "Profiling a server or a tool".
import PackageDescription

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "LaunchProfiler", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
    ],
    targets: [
        // The system's SQLite (libsqlite3-dev on Debian).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(
            name: "HummingbirdServer",
            dependencies: [
                "CSQLite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "LaunchProbe", package: "LaunchProfiler"),
            ]
        ),
    ]
)
