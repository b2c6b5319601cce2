import LaunchKit
import Synchronization

/// Fetches feature flags. Deliberately slow: the main thread waits on a semaphore for a
/// global-queue job that takes about 40 ms (as if it were a network request).
enum RemoteConfig {
    /// The fetched flags, shared between the fetching job and the waiting caller.
    private final class Response: Sendable {
        let flags = Mutex<[String: String]>([:])
    }

    /// Fetches the flags and waits for them on the calling thread.
    @inline(never)
    @discardableResult
    static func fetchBlocking() -> [String: String] {
        let semaphore = DispatchSemaphore(value: 0)
        let response = Response()
        DispatchQueue.global(qos: .utility).async {
            Thread.sleep(forTimeInterval: 0.040)
            let payload = Data(#"{"newCheckout":"on","recommendations":"v2","thumbnailQuality":"high"}"#.utf8)
            let flags = (try? JSONDecoder().decode([String: String].self, from: payload)) ?? [:]
            response.flags.withLock { $0 = flags }
            semaphore.signal()
        }
        semaphore.wait()
        return response.flags.withLock { $0 }
    }
}
