import LaunchSymbolication

/// How the launched program is built, as far as advice on its build needs to know: whether the
/// user builds it at all (a distribution's binary is not rebuilt by the person profiling it) and
/// with which toolchain (a Swift package gets `swift build`'s options, anything else the C
/// toolchain's flags).
package struct ProgramBuild: Sendable, Equatable {
    /// The toolchain that links the program.
    package enum Language: String, Sendable {
        /// A Swift program: its executable has Swift's metadata sections (`swift5_*`) or loads the
        /// Swift runtime.
        case swift
        /// C, C++ or another language linked by the C toolchain (`cc`, `c++`, `ld`).
        case c
    }

    /// The toolchain that links it.
    package var language: Language
    /// Whether the user builds it: false for a distribution's binary (under `/usr`, `/bin`,
    /// `/sbin` or `/opt`, not `/usr/local`), whose build options are not the user's to change.
    package var isUsers: Bool

    /// Creates the description of a build.
    package init(language: Language, isUsers: Bool) {
        self.language = language
        self.isUsers = isUsers
    }

    /// Where a distribution installs its programs and their libraries.
    static let distributionFolders = ["/usr/", "/bin/", "/sbin/", "/opt/"]

    /// The build of the executable at `path` (nil: unknown, taken as the user's Swift program),
    /// `loadsSwiftRuntime` when its launches loaded the Swift runtime as shared libraries. A file
    /// that cannot be read is taken as the user's, in the language the runtime says.
    package static func of(executable path: String?, loadsSwiftRuntime: Bool) -> ProgramBuild {
        guard let path else { return ProgramBuild(language: .swift, isUsers: true) }
        let distributed =
            distributionFolders.contains { path.hasPrefix($0) } && !path.hasPrefix("/usr/local/")
        let sections = (try? ELFImage.sectionNames(ofFileAt: path)) ?? []
        let swift = loadsSwiftRuntime || sections.contains { $0.hasPrefix("swift5_") }
        return ProgramBuild(language: swift ? .swift : .c, isUsers: !distributed)
    }
}
