/// The C++ runtime's demangler (`__cxa_demangle` in libstdc++, which the Swift runtime links).
@_silgen_name("__cxa_demangle")
private func _cxaDemangle(
    _ mangledName: UnsafePointer<CChar>?, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ length: UnsafeMutablePointer<Int>?, _ status: UnsafeMutablePointer<Int32>?
) -> UnsafeMutablePointer<CChar>?

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Demangles C++ symbol names (the Itanium ABI's `_Z…`), the Swift runtime's own C++ and any
/// C++ library's, and shortens them for reports.
///
/// ```swift
/// CxxDemangler.demangle("_ZN4llvm5APInt14tcMultiplyPartEPmPKmmmjb")
/// // "llvm::APInt::tcMultiplyPart(unsigned long*, unsigned long const*, unsigned long, unsigned long, unsigned int, bool)"
/// CxxDemangler.simplify("llvm::DenseMap<int, int>::grow(unsigned int)")  // "llvm::DenseMap<…>::grow"
/// ```
package enum CxxDemangler {
    /// The demangled name, or nil when `name` is not a C++ name the runtime can demangle.
    package static func demangle(_ name: String) -> String? {
        guard name.hasPrefix("_Z") else { return nil }
        return name.withCString { pointer -> String? in
            var status: Int32 = -1
            guard let result = _cxaDemangle(pointer, nil, nil, &status) else { return nil }
            defer { free(result) }
            return status == 0 ? String(cString: result) : nil
        }
    }

    /// The function's qualified name without its parameter list, its qualifiers and its
    /// template arguments (`<…>`): what a person looks for in the source.
    package static func simplify(_ demangled: String) -> String {
        var out = ""
        var depth = 0
        var parentheses = 0
        for character in demangled {
            switch character {
            case "<":
                if depth == 0, parentheses == 0 { out += "<…>" }
                depth += 1
            case ">": depth = max(0, depth - 1)
            case "(" where depth == 0:
                // `(anonymous namespace)::` is part of the name; any other parenthesis at the top
                // level opens the parameter list, which ends the name.
                if parentheses == 0, !out.isEmpty, !out.hasSuffix("::") { return out }
                parentheses += 1
                out.append(character)
            case ")" where depth == 0:
                parentheses = max(0, parentheses - 1)
                out.append(character)
            default:
                if depth == 0 { out.append(character) }
            }
        }
        return out
    }
}
