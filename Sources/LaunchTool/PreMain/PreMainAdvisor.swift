import LaunchTrace

/// The advice about what happens before `main`, each piece only where it applies and with the
/// time it would remove as measured: the Swift runtime loaded as shared libraries, Foundation
/// (with ICU) where FoundationEssentials could do, an initializer of the program's own that is
/// slow, a wrapper that execs the program, libraries the executable links but never binds to. A
/// statically linked program loads no runtime library and so gets no static-link advice.
package enum PreMainAdvisor {
    /// An initializer is worth advice from this median wall time.
    package static let slowInitializerNs = 1_000_000.0

    /// The libraries Foundation brings that FoundationEssentials does not.
    static let foundationOnly: Set<String> = [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    ]

    /// Every piece of advice that applies, the largest saving first.
    ///
    /// The advice fits how the program is built (`build`; by default read from the executable,
    /// ``ProgramBuild/of(executable:loadsSwiftRuntime:)``): a distribution's binary gets none
    /// about its build or code, only about how it is started; a C program gets the C
    /// toolchain's flags, a Swift program `swift build`'s.
    package static func advice(
        libraries: [PreMainLibrary], parts: [PreMainPart], breakdowns: [PreMainBreakdown] = [],
        build: ProgramBuild? = nil
    ) -> [PreMainAdvice] {
        let relocation = parts.first { $0.name == .relocation }?.medianNs ?? 0
        let earlier = parts.first { $0.name == .earlierPrograms }?.medianNs ?? 0
        let found = [
            staticRuntime(libraries, relocationNs: relocation), foundation(libraries),
            execChain(breakdowns, medianNs: earlier), unusedLibraries(libraries),
        ].compactMap { $0 }
        let build =
            build
            ?? ProgramBuild.of(
                executable: libraries.first { $0.origin == .executable }?.path,
                loadsSwiftRuntime: libraries.contains { $0.origin == .swiftRuntime })
        return fitted(found + slowInitializers(libraries) + relocationAdvice(libraries), to: build)
            .sorted { $0.savingNs > $1.savingNs }
    }

    /// `advice` as `build` can use it: none that changes a program the user does not build, the
    /// C toolchain's spelling of a build change for a program that is not Swift.
    static func fitted(_ advice: [PreMainAdvice], to build: ProgramBuild) -> [PreMainAdvice] {
        advice.compactMap { piece in
            if !build.isUsers, piece.kind.changesTheProgram { return nil }
            guard build.language == .c, piece.kind.swiftBuildOptions != nil else { return piece }
            var fitted = piece
            fitted.change = piece.kind.cFlags
            return fitted
        }
    }

    private static func cost(_ libraries: [PreMainLibrary]) -> (load: Double, initializers: Double, bytes: Int64) {
        libraries.reduce((0, 0, 0)) { ($0.0 + $1.loadNs, $0.1 + $1.initializersNs, $0.2 + $1.mappedBytes) }
    }

    static func staticRuntime(_ libraries: [PreMainLibrary], relocationNs: Double) -> PreMainAdvice? {
        let runtime = libraries.filter { $0.origin == .swiftRuntime }
        guard !runtime.isEmpty else { return nil }
        let (load, initializers, bytes) = cost(runtime)
        let names = runtime.map(\.name)
        let relocation = runtimeRelocationNs(libraries)
        let relocationWords =
            relocation > 0
            ? "and relocation shrinks by about \(ms(relocation)) of its \(ms(relocationNs)) (estimated: their own "
                + "relocations and the executable's lookups of their symbols)."
            : "and relocation (\(ms(relocationNs)) for every object) shrinks with the symbols it no longer resolves "
                + "across libraries."
        let message =
            "The Swift runtime and Foundation are loaded as \(runtime.count) shared libraries (\(list(names)); "
            + "\(format(bytes: bytes)) mapped): mapping them took \(ms(load)) and their initializers \(ms(initializers)) "
            + "before main. Linking them into the executable removes that time, " + relocationWords
        let change = PreMainAdvice.Kind.staticSwiftRuntime.swiftBuildCommand
        return PreMainAdvice(
            kind: .staticSwiftRuntime, savingNs: load + initializers + relocation, libraries: names, message: message,
            change: change, savingIsLowerBound: true,
            estimate: relocation > 0
                ? measureWith("with and without --static-swift-stdlib", kind: .staticSwiftRuntime) : nil)
    }

    static func foundation(_ libraries: [PreMainLibrary]) -> PreMainAdvice? {
        let icu = libraries.filter { foundationOnly.contains($0.name) }
        guard icu.contains(where: { $0.name == "libFoundation.so" }) else { return nil }
        let (load, initializers, bytes) = cost(icu)
        let unused =
            icu.first { $0.name == "libFoundation.so" }?.unused == true
            ? " None of the executable's symbols binds to libFoundation.so (the dynamic loader's own check): "
                + "what it uses is FoundationEssentials'." : ""
        let message =
            "The program imports Foundation, which loads \(list(icu.map(\.name))) (\(format(bytes: bytes)) mapped, "
            + "most of it ICU): \(ms(load + initializers)) before main.\(unused) Where it needs only FoundationEssentials' "
            + "types (Data, Date, URL, UUID, JSONEncoder and JSONDecoder, …), importing FoundationEssentials instead "
            + "removes it."
        return PreMainAdvice(
            kind: .foundationEssentials, savingNs: load + initializers, libraries: icu.map(\.name), message: message,
            change: "import FoundationEssentials  // instead of: import Foundation")
    }

    /// A wrapper (a `#!` script, a version manager's shim) that execs the real program: the
    /// programs before it take their whole run from every launch.
    static func execChain(_ breakdowns: [PreMainBreakdown], medianNs: Double) -> PreMainAdvice? {
        guard let wrapped = breakdowns.first(where: { $0.earlierPrograms != nil }),
            let count = wrapped.earlierPrograms?.count, let program = wrapped.objects.first?.path
        else { return nil }
        let programs = count == 1 ? "another program" : "\(count) other programs"
        let message =
            "The launched command is a wrapper: \(programs) ran and exec'd the next before \(program) started, "
            + "which took \(ms(medianNs)) of every launch before main (a #! script's interpreter, or a shim such as "
            + "pyenv's or a shell launcher). Start \(program) directly, or make the wrapper exec it at once."
        return PreMainAdvice(
            kind: .execChain, savingNs: medianNs, libraries: [], message: message, change: program)
    }

    /// The C library's own companions, which compilers link by themselves (swiftc links `-lm`,
    /// `-lpthread`, `-ldl` and `-lutil` into every program, the last three now empty stubs): a
    /// program cannot drop them and they cost little, so they get no advice.
    static let linkedByTheCompiler: Set<String> = ["libm.so.6", "libpthread.so.0", "libdl.so.2", "libutil.so.1"]

    /// Libraries the executable depends on directly but binds none of the symbols of: loaded,
    /// relocated and initialized for nothing. The Swift runtime's are left to the static-link
    /// and FoundationEssentials advice (a Swift program cannot unlink them one by one).
    static func unusedLibraries(_ libraries: [PreMainLibrary]) -> PreMainAdvice? {
        let unused = libraries.filter { library in
            library.unused == true && library.origin != .swiftRuntime && !linkedByTheCompiler.contains(library.name)
        }
        guard !unused.isEmpty else { return nil }
        let (load, initializers, _) = cost(unused)
        let names = unused.map(\.name)
        let them = unused.count == 1 ? "it" : "them"
        let message =
            "The executable links \(list(names)) but binds none of \(unused.count == 1 ? "its" : "their") symbols "
            + "(the dynamic loader's own check, as `ldd -u` makes it): loading \(them) took \(ms(load)) and "
            + "\(unused.count == 1 ? "its" : "their") initializers \(ms(initializers)) before main, and the libraries "
            + "only \(them) need come on top. Remove \(them) from the link (linking C or C++: pass -Wl,--as-needed "
            + "before \(them), and the linker leaves out what nothing uses)."
        return PreMainAdvice(
            kind: .unusedLibrary, savingNs: load + initializers, libraries: names, message: message,
            change: "-Wl,--as-needed", savingIsLowerBound: true)
    }

    /// A slow initializer of the executable or a library of the program's own. A library nothing
    /// binds to is left to the unused-library advice, which counts its initializers: removing the
    /// library removes them, so the same time is not advised twice.
    static func slowInitializers(_ libraries: [PreMainLibrary]) -> [PreMainAdvice] {
        let own = libraries.filter { ($0.origin == .executable || $0.origin == .program) && $0.unused != true }
        return own.flatMap { library in
            library.slowestInitializers.filter { $0.medianNs >= slowInitializerNs }.map { function in
                let how =
                    function.isMostlyBlocked
                    ? "waited \(ms(function.medianNs - function.medianCpuNs)) (on a CPU \(ms(function.medianCpuNs)): a sleep, I/O or a lock)"
                    : "ran \(ms(function.medianNs)) on a CPU (\(ms(function.medianCpuNs)) of CPU time)"
                let owner = library.origin == .executable ? "the executable \(library.name)" : library.name
                let message =
                    "\(function.function), an initializer of \(owner), \(how) before main in every launch. "
                    + "Do that work on first use instead (a static let or lazy property in Swift, a function called "
                    + "when it is needed in C), or on a background thread once main has started."
                return PreMainAdvice(
                    kind: .slowInitializer, savingNs: function.medianNs, libraries: [library.name], message: message,
                    change: nil)
            }
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 4
            ? names.joined(separator: ", ") : names.prefix(4).joined(separator: ", ") + " and \(names.count - 4) more"
    }

    private static func ms(_ nanoseconds: Double) -> String { MetricKind.time.format(nanoseconds) }

    private static func format(bytes: Int64) -> String { MetricKind.bytes.format(Double(bytes)) }
}
