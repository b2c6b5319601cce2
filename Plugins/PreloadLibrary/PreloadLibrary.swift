import Foundation
import PackagePlugin

/// Builds a plain-C shared library from the C target it is applied to, with the C compiler alone:
/// `libLaunchPreload.so` (the blocking-call tracer the runner preloads) from `CLaunchPreload`, and
/// `libLaunchAudit.so` (the loader's audit module that times what happens before `main`) from
/// `CLaunchAudit`: `C<Name>` gives `lib<Name>.so`.
///
/// A SwiftPM dynamic-library product is linked by swiftc, which always adds `swiftrt.o` and
/// `-lswiftCore` ahead of any linker flag a target can set: every profiled process would load
/// the Swift runtime and the C++ library with it. Compiled and linked here, the library needs
/// libc only. The output is a resource of the target, so `swift build` copies it into the
/// target's resource bundle beside the products (`LaunchProfiler_CLaunchPreload.resources`),
/// where the runner looks for it.
@main
struct PreloadLibrary: BuildToolPlugin {
    /// The library's file name, as the runner looks it up: `C<Name>` gives `lib<Name>.so`.
    static func libraryName(of target: String) -> String {
        "lib" + (target.hasPrefix("C") ? String(target.dropFirst()) : target) + ".so"
    }

    /// One command: compile and link the target's C sources into the library.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? ClangSourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "c").map(\.url)
        let headerFolders = Self.headerFolders(of: module)
        let headers = ([module] + Self.clangDependencies(of: module)).flatMap { target in
            target.sourceFiles.filter { $0.type == .header }.map(\.url)
        }
        let libraryName = Self.libraryName(of: target.name)
        let output = context.pluginWorkDirectoryURL.appending(path: libraryName)
        let compiler = try context.tool(named: "clang")
        let arguments = Self.compilerArguments(
            sources: sources, headerFolders: headerFolders, output: output,
            extraFlags: Self.extraFlags[target.name] ?? [])
        guard target.name == "CLaunchAudit" else {
            return [
                .buildCommand(
                    displayName: "Linking \(libraryName) (C only, no Swift runtime)", executable: compiler.url,
                    arguments: arguments, inputFiles: sources + headers, outputFiles: [output])
            ]
        }
        let stub = context.pluginWorkDirectoryURL.appending(path: "libloader-stub.so").path(percentEncoded: false)
        return [
            .buildCommand(
                displayName: "Linking \(libraryName) (freestanding, needs the loader by its path)",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", Self.auditScript, "sh", compiler.url.path(percentEncoded: false), stub] + arguments,
                inputFiles: sources + headers, outputFiles: [output])
        ]
    }

    /// Links the audit module against a stub of the loader whose soname is the loader's path,
    /// so that the module's one dependency (`DT_NEEDED`) is that path: the loader opens it
    /// directly, where a bare name made it search the program's run paths and its cache first
    /// (16 system calls before `main` in every pre-main launch of a Swift program, 11 of them
    /// failed opens). Arguments: the compiler, the stub's path, then the module's compiler arguments.
    static let auditScript = """
        set -e
        cc="$1"; stub="$2"; shift 2
        printf 'void *__libc_stack_end;\\n' > "$stub.c"
        "$cc" -shared -nostdlib -fPIC -Wl,-soname,\(loaderPath) -o "$stub" "$stub.c"
        exec "$cc" "$@" "$stub"
        """

    /// `clang -shared`: position independent, optimised, frame pointers kept (the tracer walks
    /// them from its interposers), a build id for the image map, libc only.
    static func compilerArguments(sources: [URL], headerFolders: [URL], output: URL, extraFlags: [String]) -> [String] {
        let flags =
            ["-shared", "-fPIC", "-O2", "-fno-omit-frame-pointer", "-Wl,--build-id", "-Wl,--as-needed"] + extraFlags
        let includes = headerFolders.flatMap { ["-I", $0.path(percentEncoded: false)] }
        return flags + includes + sources.map { $0.path(percentEncoded: false) } + [
            "-o", output.path(percentEncoded: false),
        ]
    }

    /// Flags for one library: the audit module needs no C library at all (it runs in the
    /// loader's audit namespace, where a libc of its own would be mapped and relocated before
    /// `main` in every launch), so it is built freestanding and must link with nothing left
    /// undefined but what the loader itself exports (`__libc_stack_end`: where the process's
    /// arguments, environment and auxiliary vector begin; ``auditScript`` adds the loader).
    static let extraFlags: [String: [String]] = [
        "CLaunchAudit": [
            "-nostdlib", "-ffreestanding", "-fno-stack-protector", "-fno-builtin", "-Wl,-z,defs",
        ]
    ]

    /// The path of glibc's dynamic loader on this architecture (the programs' `PT_INTERP`).
    #if arch(arm64)
        static let loaderPath = "/lib/ld-linux-aarch64.so.1"
    #else
        static let loaderPath = "/lib64/ld-linux-x86-64.so.2"
    #endif

    /// The public header folders of the target and of the C targets it depends on.
    static func headerFolders(of module: ClangSourceModuleTarget) -> [URL] {
        ([module] + clangDependencies(of: module)).compactMap(\.publicHeadersDirectoryURL)
    }

    /// The C targets `module` depends on, directly or not.
    static func clangDependencies(of module: ClangSourceModuleTarget) -> [ClangSourceModuleTarget] {
        module.recursiveTargetDependencies.compactMap { $0 as? ClangSourceModuleTarget }
    }
}
