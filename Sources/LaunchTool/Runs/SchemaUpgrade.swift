import Foundation
import LaunchTrace

/// What changed in a file's format since an older schema version that is still read: keys of
/// the top-level object renamed, and string values of a top-level key renamed. A file of that
/// version is rewritten to the current shape before it is decoded.
///
/// ```swift
/// SchemaUpgrade(from: 1, renamedKeys: ["timingLaunches": "measurementLaunches"])
/// ```
package struct SchemaUpgrade: Sendable {
    /// The older version this upgrade reads.
    package var version: Int
    /// Old key to new key, at the top level.
    package var renamedKeys: [String: String]
    /// For a top-level key, old string value to new string value.
    package var renamedValues: [String: [String: String]]

    /// An upgrade from `version` to the current one.
    package init(
        from version: Int, renamedKeys: [String: String] = [:], renamedValues: [String: [String: String]] = [:]
    ) {
        self.version = version
        self.renamedKeys = renamedKeys
        self.renamedValues = renamedValues
    }

    /// `data`, a JSON object of ``version``, in the shape of `current`: keys and values
    /// renamed and `schemaVersion` set; nil when `data` is not a JSON object.
    func apply(to data: Data, current: Int) -> Data? {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        for (old, new) in renamedKeys {
            if let value = object.removeValue(forKey: old) { object[new] = value }
        }
        for (key, values) in renamedValues {
            if let value = object[key] as? String, let renamed = values[value] { object[key] = renamed }
        }
        object["schemaVersion"] = current
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
