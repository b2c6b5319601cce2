import Foundation
import LaunchTrace

/// Names frames from a fixed map of addresses to function names, falling back to
/// ``ImageOffsetNaming`` for addresses the map lacks. Used to render reports that do not
/// depend on the machine (golden files), or with names resolved elsewhere.
///
/// The file form is a JSON object from `"0x…"` addresses to names:
///
/// ```json
/// { "0x555555566040": "main", "0x555555578230": "CatalogStore.load()" }
/// ```
package struct SymbolMapNaming: FrameNaming, Sendable, Equatable {
    /// Function names by address.
    package var symbols: [Address: String]

    /// Creates a naming from a map.
    package init(symbols: [Address: String]) {
        self.symbols = symbols
    }

    /// Reads a symbol map file.
    ///
    /// - Throws: ``LaunchProfilerError`` when the file cannot be read or is not such a map.
    package init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try InputFile.read(url, what: "symbol map")
        } catch {
            let reason = error.context.reason ?? error.message
            throw LaunchProfilerError.invalidSymbolMap(url.path, "The file cannot be read: \(reason)", reason: reason)
        }
        guard let object = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw LaunchProfilerError.invalidSymbolMap(
                url.path, "The file is not a JSON object of \"0x…\" addresses to names.")
        }
        var symbols: [Address: String] = [:]
        for (key, name) in object {
            let digits = key.hasPrefix("0x") ? key.dropFirst(2) : Substring(key)
            guard let value = UInt64(digits, radix: 16) else {
                throw LaunchProfilerError.invalidSymbolMap(
                    url.path, "The key \"\(key)\" is not a hexadecimal address such as \"0x7f3a12b4c010\".")
            }
            symbols[Address(value)] = name
        }
        self.symbols = symbols
    }

    /// The mapped name, else `image+0xoffset`.
    package func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame {
        if let name = symbols[address] { return ProfileFrame(name: name) }
        return ImageOffsetNaming.frame(for: address, images: images)
    }
}
