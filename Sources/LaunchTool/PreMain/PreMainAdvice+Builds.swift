extension PreMainAdvice.Kind {
    /// The `swift build` options that make the change, for the kinds a build makes (the rest are
    /// changes to the code or to how the program is started): what the advice prints and what
    /// `launchprof run --package` builds to measure it.
    package var swiftBuildOptions: [String]? {
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

    /// The same change as ``swiftBuildOptions``, spelled for the C toolchain (`cc`, `c++`, the
    /// linker's driver): what a program that is not Swift is told.
    package var cFlags: String? {
        switch self {
        case .staticSwiftRuntime, .foundationEssentials, .slowInitializer, .execChain, .unusedLibrary: nil
        case .nonPIEExecutable: "-no-pie"
        case .packRelativeRelocations:
            "-fuse-ld=lld -Wl,-z,pack-relative-relocs (GNU ld 2.38 or later also; gold cannot)"
        case .lazyBinding: "-Wl,-z,lazy"
        case .fewerExportedSymbols: "-Wl,-Bsymbolic, or -fvisibility=hidden and export only the API"
        }
    }

    /// Whether the change is to how the program is built or written (the rest, a wrapper before
    /// the program, is to how it is started): not the user's to make for a distribution's binary.
    package var changesTheProgram: Bool { self != .execChain }

    /// `swift build -c release` with ``swiftBuildOptions``.
    var swiftBuildCommand: String {
        (["swift build -c release"] + (swiftBuildOptions ?? [])).joined(separator: " ")
    }
}
