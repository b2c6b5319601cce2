extension PreMainAdvice.Kind {
    /// The `swift build` options that make the change, for the kinds a build makes (the rest are
    /// changes to the code or to how the program is started): what the advice prints and what
    /// `launchprof run --package` builds to measure it.
    public var swiftBuildOptions: [String]? {
        switch self {
        case .staticSwiftRuntime: ["--static-swift-stdlib"]
        case .nonPIEExecutable: ["-Xlinker", "-no-pie"]
        case .packRelativeRelocations:
            ["-Xswiftc", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
        case .lazyBinding: ["-Xlinker", "-z", "-Xlinker", "lazy"]
        case .fewerExportedSymbols: ["-Xlinker", "-Bsymbolic"]
        case .foundationEssentials, .slowInitializer, .execChain, .unusedLibrary: nil
        }
    }

    /// `swift build -c release` with ``swiftBuildOptions``.
    var swiftBuildCommand: String {
        (["swift build -c release"] + (swiftBuildOptions ?? [])).joined(separator: " ")
    }
}
