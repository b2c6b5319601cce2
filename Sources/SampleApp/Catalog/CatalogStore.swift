import LaunchKit
import LaunchProbe
import Synchronization

/// Holds the catalog. Loading is deliberately done on the main thread at launch (CPU-heavy
/// decoding and indexing of a 1.9 MB file); the store is thread-safe, so it could be loaded
/// on a global queue instead.
final class CatalogStore: Sendable {
    /// The app's store.
    static let shared = CatalogStore()

    private let state = Mutex<Catalog?>(nil)

    /// The loaded catalog, or `nil` before ``load()``.
    var catalog: Catalog? { state.withLock { $0 } }

    /// Reads and decodes `AppBundle/catalog.json` and builds its indexes.
    @inline(never)
    func load() throws {
        let data = try Data(contentsOf: AppResources.url("catalog.json"))
        let catalog = try Catalog(data: data)
        state.withLock { $0 = catalog }
    }

    /// ``load()`` on the main thread during the launch, as the span `catalog.load`; an error is
    /// printed and the first screen shows no rows.
    func loadAtLaunch() {
        do {
            try LaunchProbe.shared.measure("catalog.load") { try load() }
        } catch {
            FileHandle.standardError.write(Data("SampleApp: \(error)\n".utf8))
        }
    }
}
