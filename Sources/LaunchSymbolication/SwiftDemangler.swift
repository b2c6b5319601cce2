/// The Swift runtime's demangler (`swift_demangle` in libswiftCore).
@_silgen_name("swift_demangle")
private func _swiftDemangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
    _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
    _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Demangles Swift symbol names with the runtime's own demangler.
///
/// ```swift
/// SwiftDemangler.demangle("$s9SampleApp12CatalogStoreC4loadyyKF")
/// // "SampleApp.CatalogStore.load() throws -> ()"
/// ```
package enum SwiftDemangler {
    /// Whether `name` looks like a mangled Swift name (`$s…`, `_$s…`, `$S…`, `_T0…`).
    package static func isMangled(_ name: String) -> Bool {
        name.hasPrefix("$s") || name.hasPrefix("_$s") || name.hasPrefix("$S") || name.hasPrefix("_$S")
            || name.hasPrefix("$e") || name.hasPrefix("_$e") || name.hasPrefix("_T0")
    }

    /// The demangled name, or nil when `name` is not a Swift symbol the runtime can demangle.
    package static func demangle(_ name: String) -> String? {
        guard isMangled(name) else { return nil }
        return name.withCString { pointer -> String? in
            guard let result = _swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            let demangled = String(cString: result)
            return demangled == name ? nil : demangled
        }
    }
}
