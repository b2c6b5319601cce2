// A Hummingbird server whose launch LaunchProfiler measures: it opens its SQLite database,
// runs the migrations, registers its routes and binds, marking each as a phase with
// LaunchProbe, and is ready when it listens (`ready()`, LaunchProbe's exit point under the
// profiler; outside the profiler the probe records nothing and the server keeps serving).
//
//     HummingbirdServer [--port 8080] [--database /tmp/catalog.sqlite]
import Foundation
import Hummingbird
import LaunchProbe

let arguments = CommandLine.arguments
func option(_ name: String, default value: String) -> String {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil } ?? value
}
let port = Int(option("--port", default: "8080")) ?? 8080
let databasePath = option(
    "--database", default: FileManager.default.temporaryDirectory.appendingPathComponent("catalog.sqlite").path)

let probe = LaunchProbe.shared
probe.begin("database")
let database = try Database(path: databasePath)
probe.begin("migrations")
try database.migrate()
let itemCount = try database.itemCount()

probe.begin("routes")
let router = Router()
router.get("/health") { _, _ in "ok" }
router.get("/items/count") { _, _ in "\(itemCount)" }

probe.begin("bind")
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { _ in
        print("listening on 127.0.0.1:\(port)")
        probe.ready()
    }
)
try await app.runService()
