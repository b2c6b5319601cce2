import Foundation

/// A headless Wayland compositor (weston's headless back end with the pixman renderer, so
/// that screenshots have pixels) for one test, in a runtime folder of its own. ``stop()``
/// ends it and removes the folder; every wait has a timeout.
final class HeadlessWeston {
    /// The socket's name, for `WAYLAND_DISPLAY`.
    let socket = "launchkit-test"
    /// The folder for `XDG_RUNTIME_DIR` (mode 0700, as libwayland requires).
    let runtimeFolder: URL
    private let server: ServerProcess

    /// Starts weston and waits (up to 20 s) until its socket exists.
    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw AppProcessError(
                message: "/usr/bin/weston is missing: install the weston package (scripts/test does).")
        }
        runtimeFolder = FileManager.default.temporaryDirectory.appending(path: "weston-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: runtimeFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        // --debug lets weston-screenshooter read the output.
        server = try ServerProcess(
            "/usr/bin/weston",
            ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)", "--idle-time=0", "--debug"],
            environment: ["XDG_RUNTIME_DIR": runtimeFolder.path, "PATH": "/usr/bin:/bin"])
        let socketPath = runtimeFolder.appending(path: socket).path
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard Date() < deadline, server.isRunning else {
                stop()
                throw AppProcessError(message: "weston did not create its socket \(socketPath) within 20 s.")
            }
            usleep(20_000)
        }
    }

    /// The environment a client of this compositor needs.
    var environment: [String: String] { ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtimeFolder.path] }

    /// Ends weston (its shell and keyboard helpers end with their connection) and removes the folder.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: runtimeFolder)
    }

    /// The whole output as weston-screenshooter saves it, read by ImageMagick's `convert`.
    func screenshot() throws -> CapturedImage {
        let folder = FileManager.default.temporaryDirectory.appending(path: "shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shooter = Process()
        shooter.executableURL = URL(filePath: "/usr/bin/weston-screenshooter")
        shooter.currentDirectoryURL = folder
        shooter.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        try shooter.run()
        shooter.waitUntilExit()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        guard shooter.terminationStatus == 0, let file = files.first else {
            throw AppProcessError(
                message: "weston-screenshooter saved no screenshot (status \(shooter.terminationStatus)).")
        }
        return try CapturedImage(file: folder.appending(path: file).path)
    }
}
