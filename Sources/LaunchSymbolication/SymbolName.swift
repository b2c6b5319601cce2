import Synchronization

/// A function's name in three forms: as in the symbol table, demangled, and simplified
/// for people (`CatalogStore.load()`), with the module it belongs to.
package struct SymbolName: Codable, Sendable, Equatable, Hashable {
    /// The name in the symbol table (mangled for Swift).
    package var raw: String
    /// The demangled name (`SampleApp.CatalogStore.load() throws -> ()`), or the raw name
    /// of a C symbol.
    package var full: String
    /// The simplified name: no module qualifier, argument types, effects, return type or
    /// generic signature (`CatalogStore.load()`, `AppDelegate.application(_:didFinishLaunchingWithOptions:)`).
    package var simple: String
    /// The Swift module of the function (`SampleApp`, `Swift`, `LaunchKit`); nil for C symbols.
    package var module: String?
    /// Whether the compiler made the function (thunks, outlined copies, metadata accessors):
    /// never the app's own code for attribution.
    package var isCompilerGenerated: Bool

    /// Creates a name from its parts.
    package init(raw: String, full: String, simple: String, module: String?, isCompilerGenerated: Bool) {
        self.raw = raw
        self.full = full
        self.simple = simple
        self.module = module
        self.isCompilerGenerated = isCompilerGenerated
    }

    /// Demangles (Swift names) and simplifies a raw symbol name.
    ///
    /// ```swift
    /// SymbolName(raw: "$s9SampleApp12CatalogStoreC4loadyyKF").simple   // "CatalogStore.load()"
    /// SymbolName(raw: "read").simple                                  // "read"
    /// SymbolName(raw: "read@plt").simple                              // "read@plt" (a PLT stub)
    /// ```
    package init(raw: String) {
        if let known = Self.named.withLock({ $0[raw] }) {
            self = known
            return
        }
        self.init(demangling: raw)
        Self.named.withLock { [self] in $0[raw] = self }
    }

    /// The names made so far, by raw name: a frame's inlined function is named again each time
    /// the findings ask for it, at every frame of every sample (a tenth of SampleApp's findings
    /// went to demangling the same names).
    private static let named = Mutex<[String: SymbolName]>([:])

    private init(demangling raw: String) {
        if raw.hasSuffix("@plt"), raw.count > 4 {
            // A PLT stub, named after its target: made by the linker, never the app's code.
            let target = SymbolName(raw: String(raw.dropLast(4)))
            self.init(
                raw: raw, full: target.full + "@plt", simple: target.simple + "@plt", module: target.module,
                isCompilerGenerated: true)
        } else if let demangled = SwiftDemangler.demangle(raw) {
            let simplified = SymbolNameSimplifier.simplify(demangled)
            self.init(
                raw: raw, full: demangled, simple: simplified.name, module: simplified.module,
                isCompilerGenerated: simplified.isCompilerGenerated)
        } else if let demangled = CxxDemangler.demangle(raw) {
            self.init(
                raw: raw, full: demangled, simple: CxxDemangler.simplify(demangled), module: nil,
                isCompilerGenerated: false)
        } else {
            // glibc's internal aliases (`__GI___open_nocancel`, from its debug symbols) are the function after the prefix.
            let simple = raw.hasPrefix("__GI_") && raw.count > 5 ? String(raw.dropFirst(5)) : raw
            self.init(raw: raw, full: raw, simple: simple, module: nil, isCompilerGenerated: false)
        }
    }
}
