import ArgumentParser
import Foundation
import LaunchRunner
import LaunchTool

/// `launchprof bisect`: finds the commit that made a launch slower.
struct BisectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract: "Find the first commit whose program launches slower than the good commit's.",
        discussion: """
            The good and the bad commit are built once, each in a git worktree of its own; each \
            candidate is built in a third worktree (your checkout is never touched) and launched in \
            blocks beside both ends until it is like one of them or between them (a partial \
            regression). A commit whose build fails is skipped; a step \
            not decided at --max-runs stops the bisect (nothing is guessed). bisect.json, the build \
            logs and each step's comparison go to the output folder; an interrupted bisect removes its \
            worktrees and goes on with --resume FOLDER; --clean removes what a killed one left. \
            PROGRAM is a path relative to the repository, as the build leaves it: \
            `launchprof bisect --good v1.2 --bad main --build "swift build -c release" -- .build/release/MyApp`.
            """ + "\n\n" + ProfilerExitStatus.helpText
    )

    @Option(help: ArgumentHelp("The commit known to be good (a branch, tag or hash).", valueName: "REV"))
    var good: String?

    @Option(help: ArgumentHelp("The commit known to be slower (a branch, tag or hash).", valueName: "REV"))
    var bad: String?

    @Option(help: ArgumentHelp("The shell command that builds a commit, run in its worktree.", valueName: "COMMAND"))
    var build: String?

    @Option(help: ArgumentHelp("The repository (default: the one holding the current directory).", valueName: "DIR"))
    var repository: String = "."

    @Option(help: ArgumentHelp("Go on with the interrupted bisect in FOLDER (its bisect.json).", valueName: "FOLDER"))
    var resume: String?

    @Flag(help: "Remove the worktrees a killed bisect left in the repository, and nothing else.")
    var clean = false

    @OptionGroup(title: "Sequential test")
    var test: SequentialTestOptions

    @Option(name: .shortAndLong, help: "Launches of each build before the measured ones, discarded, at every step.")
    var warmup: Int = 1

    @OptionGroup var launch: ProgramLaunchOptions

    @OptionGroup(title: "Readiness")
    var readiness: ReadinessOptions

    @OptionGroup(title: "Main-thread instruments")
    var instruments: InstrumentOptions

    @Option(help: "Folder for the bisect's files (default: \(RunFolder.runsRoot)/<date-time>).")
    var output: String?

    @Option(help: "Output format: text, json or markdown.")
    var format: ReportFormat = .text

    @Argument(parsing: .postTerminator, help: "The program (relative to the repository) and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard warmup >= 0 else { throw ValidationError("--warmup cannot be negative.") }
        guard [.text, .json, .markdown].contains(format) else {
            throw ValidationError("--format \(format.rawValue) is not a format of bisect; use text, json or markdown.")
        }
        guard !clean, resume == nil else { return }
        guard good != nil, bad != nil, build != nil else {
            throw ValidationError("Name --good, --bad and --build (or --resume FOLDER, or --clean).")
        }
        guard let program = command.first else {
            throw ValidationError("Name the program after --, as the build leaves it: -- .build/release/MyApp.")
        }
        guard program.contains("/"), !program.hasPrefix("/") else {
            throw ValidationError(
                "The program \(program) must be a path relative to the repository (each commit's is in its own worktree), like .build/release/MyApp."
            )
        }
    }

    func run() throws {
        if clean { return try cleanWorktrees() }
        try LaunchGuard.install()
        let (plan, folder, resumed) = try makePlan()
        let outcome = try launch.aroundLaunches {
            try BisectRun(plan: plan, folder: folder).run(resuming: resumed, progress: BisectProgress().report)
        }
        try Terminal.write(try format.render(bisect: outcome), terminator: "")
        if format == .text {
            try Terminal.write("\nBisect folder: \(folder.url.path)")
            if outcome.conclusion.kind == .interrupted {
                try Terminal.write("Go on with: launchprof bisect --resume \(folder.url.path)")
            }
        }
        let code = outcome.exitCode
        if code != .success { throw ExitCode(code.rawValue) }
    }
}
