/// Shortens demangled Swift names for reports, the way `swift-demangle --simplified` does:
/// `SampleApp.CatalogStore.load() throws -> ()` becomes `CatalogStore.load()`.
///
/// - The module qualifier of the function (its first component) is dropped and returned apart.
/// - Argument lists keep their labels only: `application(_:didFinishLaunchingWithOptions:)`.
/// - Generic arguments and signatures, effects (`throws`, `async`), return and property types,
///   `static`, `@objc`, `(extension in M):` and private discriminators are dropped.
/// - Specializations, `merged`, `partial apply`, dispatch thunks and protocol witnesses name
///   the function they stand for; closures keep their position (`closure #1 in f()`).
///
/// Works on UTF-8 bytes, so it costs well under a microsecond per name.
package enum SymbolNameSimplifier {
    /// A simplified name.
    package struct Result: Sendable, Equatable {
        /// The simplified name.
        package var name: String
        /// The function's module, if the name has one.
        package var module: String?
        /// Whether the compiler made the function.
        package var isCompilerGenerated: Bool
    }

    /// Simplifies a demangled name.
    package static func simplify(_ demangled: String) -> Result {
        // "destroy value witness for T", "initializeWithCopy value witness for T", …: the
        // compiler made these for a type; the type's own code is elsewhere.
        if demangled.contains(" value witness for ") {
            return Result(name: String(demangled.prefix(120)), module: nil, isCompilerGenerated: true)
        }
        let bytes = Array(withoutResumePartial(demangled).utf8)
        var result = simplify(bytes[...])
        if result.name.isEmpty { result.name = demangled }
        return result
    }

    /// The optimizer's specializations (`function signature specialization <Arg[2] = …> of
    /// generic specialization <(), ()> of closure #1 in f()`) are the function they specialize.
    static func withoutSpecializationPrefixes(_ demangled: String) -> String {
        var rest = Substring(demangled)
        let kinds = [
            "function signature specialization <", "generic specialization <", "generic partial specialization <",
        ]
        while let kind = kinds.first(where: { rest.hasPrefix($0) }) {
            var depth = 0
            var index = rest.index(rest.startIndex, offsetBy: kind.count - 1)
            while index < rest.endIndex {
                if rest[index] == "<" { depth += 1 }
                if rest[index] == ">", index > rest.startIndex, rest[rest.index(before: index)] != "-" { depth -= 1 }
                index = rest.index(after: index)
                if depth == 0 { break }
            }
            guard depth == 0, rest[index...].hasPrefix(" of ") else { break }
            rest = rest[rest.index(index, offsetBy: 4)...]
        }
        return String(rest)
    }

    /// An `async` function's continuations (`(1) await resume partial function for static
    /// App.main() async -> ()`, `(2) suspend resume partial function for …`) are that function.
    static func withoutResumePartial(_ demangled: String) -> String {
        let demangled = withoutSpecializationPrefixes(demangled)
        guard demangled.hasPrefix("(") else { return demangled }
        for marker in [") await resume partial function for ", ") suspend resume partial function for "] {
            if let range = demangled.range(of: marker) { return String(demangled[range.upperBound...]) }
        }
        return demangled
    }

    private static let droppedPrefixes: [String] = [
        "merged ", "dispatch thunk of ", "partial apply forwarder for ", "partial apply for ",
        "@objc ", "@nonobjc ", "static ", "async function pointer to ", "specialized ",
        "variable initialization expression of ", "(extension in ", "property wrapper backing initializer of ",
        "property wrapper init from projected value of ",
    ]
    private static let generatedPrefixes: [String] = [
        "reabstraction thunk", "outlined ", "type metadata", "value witness", "objective-c ",
        "lazy protocol witness", "protocol conformance", "nominal type descriptor", "thunk for ",
        "autoreleasing thunk", "key path", "associated type", "base witness", "getEnumTag",
        "destructiveInjectEnumTag", "storeEnumTag", "getEnumTagSinglePayload", "storeEnumTagSinglePayload",
        "one-time initialization", "globalinit", "instantiation function for ", "generic protocol witness table",
        "protocol witness table for ", "generic type metadata", "metadata instantiation", "instantiation cache",
        "canonical specialized", "method lookup function", "method descriptor", "property descriptor",
        "protocol descriptor", "module descriptor", "extension descriptor", "anonymous descriptor",
        "reflection metadata", "curry thunk", "vtable thunk", "ivar initializer", "ivar destroyer",
        "coroutine continuation",
    ]
    private static let closurePrefixes: [String] = ["closure #", "implicit closure #", "$defer #", "unnamed closure #"]

    private static func hasPrefix(_ s: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        let p = prefix.utf8
        guard s.count >= p.count else { return false }
        return zip(s, p).allSatisfy { $0 == $1 }
    }

    /// Index just past the bracket that closes the one at `open`, treating `->` as an arrow.
    private static func closing(_ s: ArraySlice<UInt8>, from open: Int) -> Int {
        var depth = 0
        var i = open
        while i < s.endIndex {
            let c = s[i]
            if c == UInt8(ascii: "-"), i + 1 < s.endIndex, s[i + 1] == UInt8(ascii: ">") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "<") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return s.endIndex
    }

    /// First index of `word` in `s` outside brackets, at or after `from`.
    private static func topLevel(_ word: String, in s: ArraySlice<UInt8>, from: Int) -> Int? {
        let w = Array(word.utf8)
        var depth = 0
        var i = from
        while i < s.endIndex {
            let c = s[i]
            if c == UInt8(ascii: "-"), i + 1 < s.endIndex, s[i + 1] == UInt8(ascii: ">") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "<") {
                depth += 1
            } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: ">") {
                depth -= 1
            } else if depth == 0, c == w[0], s.endIndex - i >= w.count, s[i..<(i + w.count)].elementsEqual(w) {
                return i
            }
            i += 1
        }
        return nil
    }

    private static func simplify(_ input: ArraySlice<UInt8>) -> Result {
        var s = input
        var stripped = true
        while stripped {
            stripped = false
            for prefix in droppedPrefixes where hasPrefix(s, prefix) {
                if prefix == "(extension in " {
                    guard let end = topLevel("):", in: s, from: s.startIndex + 1) else { break }
                    s = s[(end + 2)...]
                } else {
                    s = s[(s.startIndex + prefix.utf8.count)...]
                }
                stripped = true
            }
            // "generic specialization <…> of X", "function signature specialization <…> of X"
            if let at = topLevel("specialization <", in: s, from: s.startIndex),
                !s[s.startIndex..<at].contains(UInt8(ascii: "."))
            {
                let end = closing(s, from: at + "specialization ".utf8.count)
                if hasPrefix(s[end...], " of ") {
                    s = s[(end + 4)...]
                    stripped = true
                }
            }
            if hasPrefix(s, "protocol witness for ") {
                s = s[(s.startIndex + "protocol witness for ".utf8.count)...]
                if let end = topLevel(" in conformance ", in: s, from: s.startIndex) { s = s[..<end] }
                stripped = true
            }
        }
        for prefix in generatedPrefixes where hasPrefix(s, prefix) {
            return Result(name: String(decoding: s.prefix(120), as: UTF8.self), module: nil, isCompilerGenerated: true)
        }
        for prefix in closurePrefixes where hasPrefix(s, prefix) {
            var labelEnd = s.startIndex + prefix.utf8.count
            while labelEnd < s.endIndex, s[labelEnd] >= UInt8(ascii: "0"), s[labelEnd] <= UInt8(ascii: "9") {
                labelEnd += 1
            }
            let label = String(decoding: s[s.startIndex..<labelEnd], as: UTF8.self)
            guard let inAt = topLevel(" in ", in: s, from: labelEnd) else { break }
            let rest = simplify(s[(inAt + 4)...])
            return Result(
                name: label + " in " + rest.name, module: rest.module, isCompilerGenerated: rest.isCompilerGenerated)
        }
        return entity(s)
    }

    /// `Module.Type.(Private in _H).method<…>(a: T, b: U) throws -> R` → `Type.Private.method(a:b:)`.
    private static func entity(_ s: ArraySlice<UInt8>) -> Result {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        scan: while i < s.endIndex {
            let c = s[i]
            switch c {
            case UInt8(ascii: "("):
                let end = closing(s, from: i)
                let inner = s[(i + 1)..<Swift.max(i + 1, end - 1)]
                if i == s.startIndex || s[i - 1] == UInt8(ascii: ".") {
                    // Private discriminator "(Name in _HASH)" or "(extension in M):".
                    if hasPrefix(inner, "extension in ") {
                        i = end
                        if i < s.endIndex, s[i] == UInt8(ascii: ":") { i += 1 }
                        continue scan
                    }
                    let name =
                        topLevel(" in ", in: inner, from: inner.startIndex).map { inner[inner.startIndex..<$0] }
                        ?? inner
                    out += name
                    i = end
                    continue scan
                }
                out += labels(inner)
                break scan
            case UInt8(ascii: "<"):
                i = closing(s, from: i)
            case UInt8(ascii: " "):
                break scan
            default:
                out.append(c)
                i += 1
            }
        }
        var module: String?
        if let dot = out.firstIndex(of: UInt8(ascii: ".")), dot > 0,
            let paren = Optional(out.firstIndex(of: UInt8(ascii: "(")) ?? out.endIndex), dot < paren
        {
            module = String(decoding: out[..<dot], as: UTF8.self)
            out.removeSubrange(...dot)
        }
        return Result(name: String(decoding: out, as: UTF8.self), module: module, isCompilerGenerated: false)
    }

    /// `(_: A, summary: B)` → `(_:summary:)`; `()` stays `()`.
    private static func labels(_ inner: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "(")]
        var start = inner.startIndex
        var i = inner.startIndex
        var depth = 0
        func label(_ argument: ArraySlice<UInt8>) -> [UInt8] {
            var a = argument
            while let first = a.first, first == UInt8(ascii: " ") { a = a.dropFirst() }
            guard !a.isEmpty else { return [] }
            var j = a.startIndex
            while j < a.endIndex,
                a[j] == UInt8(ascii: "_") || (a[j] >= 0x30 && a[j] <= 0x39)
                    || (a[j] | 0x20 >= 0x61 && a[j] | 0x20 <= 0x7A) || a[j] >= 0x80
            { j += 1 }
            if j > a.startIndex, j + 1 < a.endIndex, a[j] == UInt8(ascii: ":"), a[j + 1] == UInt8(ascii: " ") {
                return Array(a[a.startIndex..<j]) + [UInt8(ascii: ":")]
            }
            return [UInt8(ascii: "_"), UInt8(ascii: ":")]
        }
        while i < inner.endIndex {
            let c = inner[i]
            if c == UInt8(ascii: "-"), i + 1 < inner.endIndex, inner[i + 1] == UInt8(ascii: ">") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "<") {
                depth += 1
            } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: ">") {
                depth -= 1
            } else if c == UInt8(ascii: ","), depth == 0 {
                out += label(inner[start..<i])
                start = i + 1
            }
            i += 1
        }
        out += label(inner[start..<inner.endIndex])
        out.append(UInt8(ascii: ")"))
        return out
    }
}
