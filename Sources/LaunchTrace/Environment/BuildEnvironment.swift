/// The variables launchprof gives a build command it runs (`launchprof run --build KIND=COMMAND`).
package enum BuildEnvironment {
    /// Names the executable the command must write: the program built with the change.
    package static let output = "LAUNCHPROF_BUILD_OUTPUT"
}
