/// The variables launchprof gives a build command it runs (`launchprof run --build KIND=COMMAND`).
public enum BuildEnvironment {
    /// Names the executable the command must write: the program built with the change.
    public static let output = "LAUNCHPROF_BUILD_OUTPUT"
}
