import Testing

@testable import launchprof

/// The CLI's option checks in process, as swift-argument-parser's own tests do (`parseAsRoot`):
/// conflicts, ranges and the missing `--` are refused with a sentence naming the option and the
/// value, before anything is launched.
@Suite("Command-line checks, in process")
struct CommandParsingTests {
    /// The message `arguments` are refused with, or nil when they parse and validate.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            try CommandTerminator.check(arguments)
            _ = try LaunchProf.parseAsRoot(arguments)
            return nil
        } catch {
            return LaunchProf.message(for: error)
        }
    }

    static let refused: [(arguments: [String], message: String)] = [
        (["run", "--runs", "0", "--", "/bin/true"], "--runs must be from 1 to 100000, not 0."),
        (["run", "--runs", "100001", "--", "/bin/true"], "--runs must be from 1 to 100000, not 100001."),
        (["run", "--warmup=-1", "--", "/bin/true"], "--warmup must be from 0 to 100000, not -1."),
        (
            ["run", "--runs", "4", "--diagnosis-launches", "5", "--", "/bin/true"],
            "--diagnosis-launches must be from 1 to --runs (4), not 5."
        ),
        (
            ["run", "--runs", "10", "--max-runs", "5", "--", "/bin/true"],
            "--max-runs must be from --runs (10) to 100000, not 5."
        ),
        (["run", "--allow-failed=-2", "--", "/bin/true"], "--allow-failed cannot be negative, not -2."),
        (["run", "--name", "  ", "--", "/bin/true"], "--name cannot be empty."),
        (
            ["run", "--build", "foundationEssentials=make", "--", "/bin/true"],
            "--build foundationEssentials=…: the kind must be one of staticSwiftRuntime"
        ),
        (["run", "--build", "nonPIEExecutable", "--", "/bin/true"], "--build nonPIEExecutable is not KIND=COMMAND."),
        (
            ["run", "--build", "lazyBinding=a", "--build", "lazyBinding=b", "--", "/bin/true"],
            "--build lazyBinding is given twice."
        ),
        (
            ["run", "--package", "Examples/HelloCLI", "--build", "lazyBinding=a", "--"],
            "--package and --build cannot be used together."
        ),
        (["run", "--product", "HelloCLI", "--", "/bin/true"], "--product needs --package."),
        (
            ["run", "--package", "/nonexistent", "--"],
            "--package /nonexistent: there is no Package.swift in that folder."
        ),
        (["run", "--timeout", "0", "--", "/bin/true"], "--timeout must be a number of seconds above 0"),
        (
            ["run", "--scenario", "background", "--exit-after", "fullyDrawn", "--", "/bin/true"],
            "--exit-after fullyDrawn cannot end a background launch (--scenario background)"
        ),
        (["run", "--timeout", "100000", "--", "/bin/true"], "--timeout must be a number of seconds above 0"),
        (["run", "--stall-ms", "0", "--", "/bin/true"], "--stall-ms must be from 1 to"),
        (["run", "--profile-rate", "20000", "--", "/bin/true"], "--profile-rate must be between 1 and 10000"),
        (["run", "--runs", "3", "git", "--version"], "put -- before"),
        (
            ["compare", "--alpha", "0.7", "--base", "/bin/true", "--head", "/bin/true"],
            "--alpha must be between 0 and 0.5"
        ),
        (
            ["compare", "--min-effect", "150", "--base", "/bin/true", "--head", "/bin/true"],
            "--min-effect must be a percentage between 0 and 100, not 150"
        ),
        (["compare", "--warmup=-1", "--base", "/bin/true", "--head", "/bin/true"], "--warmup cannot be negative."),
    ]

    @Test("a value out of range, a conflict or a missing -- is refused with a sentence naming it", arguments: refused)
    func refusedWithItsReason(arguments: [String], message: String) {
        let refusal = Self.refusal(arguments)
        #expect(refusal?.contains(message) == true, "\(arguments): \(refusal ?? "accepted")")
    }

    @Test("the commands a user writes parse and validate")
    func accepted() throws {
        #expect(Self.refusal(["run", "--runs", "12", "--diagnosis-launches", "4", "--", "git", "--version"]) == nil)
        #expect(Self.refusal(["run", "-r", "2", "-w", "0", "--", "/bin/true"]) == nil)
        #expect(Self.refusal(["compare", "--base", "/bin/true", "--head", "/bin/true", "--max-runs", "8"]) == nil)
        let command = try LaunchProf.parseAsRoot(["run", "--runs", "12", "--", "git", "--version"])
        let run = try #require(command as? RunCommand)
        #expect(run.runs == 12)
    }
}
