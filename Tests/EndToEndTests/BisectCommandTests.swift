import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension CPUTimeSuites {
    /// `launchprof bisect` through the built CLI on a git repository the test makes: eight commits
    /// of a C program, the fifth adding 20 ms of main-thread work, the third not building.
    @Suite("Bisect: the commit that made the launch slower", .serialized)
    struct BisectCommandTests {
        /// The repository: its folder and its commits, oldest first.
        struct Repository {
            var folder: URL
            var commits: [String]

            func git(_ arguments: [String]) throws -> String {
                let output = try BuiltProducts.run("/usr/bin/env", ["git"] + arguments, in: folder, timeout: 60)
                try #require(output.status == 0, "git \(arguments.joined(separator: " ")): \(output.stderr)")
                return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            /// The worktrees git knows of, the repository's own included.
            func worktrees() throws -> [String] {
                try git(["worktree", "list", "--porcelain"]).split(separator: "\n").filter { $0.hasPrefix("worktree ") }
                    .map(String.init)
            }
        }

        /// Makes the repository in `folder` (`Fixtures/bisect/make-repository.sh`): c1 works 5 ms;
        /// c3 breaks the build, c4 mends it; c5 primes a cache for 20 ms more; the others change a comment.
        static func makeRepository(in folder: URL) throws -> Repository {
            let script = BuiltProducts.fixtures.appendingPathComponent("bisect/make-repository.sh").path
            let made = try BuiltProducts.run("/bin/sh", [script, folder.path], timeout: 60)
            try #require(made.status == 0, "make-repository.sh: \(made.stderr)")
            var repository = Repository(folder: folder, commits: [])
            repository.commits = try repository.git(["log", "--reverse", "--format=%H"]).split(separator: "\n").map(
                String.init)
            try #require(repository.commits.count == 8)
            return repository
        }

        /// The bisect's arguments from c1 (good) to c8 (bad), with `build` as the build command. No
        /// `--min-effect`: each step places its commit on the gap between the two ends (+300 % here),
        /// so a commit that only changes a comment is decided like the good one even on a machine
        /// busy with other tests.
        static func arguments(_ repository: Repository, build: String, output: URL) -> [String] {
            [
                "bisect", "--good", repository.commits[0], "--bad", "main", "--build", build, "--max-runs", "60",
                "--output", output.path, "--", "./app",
            ]
        }

        @Test(
            "the fifth commit is named in at most five builds (the ends' included), the third skipped, the repository as it was"
        )
        func namesTheFifth() throws {
            let scratch = try BuiltProducts.scratchFolder("bisect")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let repository = try Self.makeRepository(in: scratch.appendingPathComponent("repo"))
            let output = scratch.appendingPathComponent("out")
            let result = try BuiltProducts.launchprof(
                Self.arguments(repository, build: "clang -O1 -g -o app app.c", output: output), in: repository.folder)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let file = output.appendingPathComponent("bisect.json")
            let problems = try JSONSchemaValidator.validate([file], against: JSONSchemaValidator.schema("bisect"))
            #expect(problems[file.path] == [], "\(problems)")
            let outcome = try BisectOutcome.load(from: file)
            #expect(outcome.conclusion == BisectConclusion(kind: .found, commits: [repository.commits[4]]))
            #expect(outcome.builds <= 5, "\(outcome.steps.map(\.commit))")
            #expect(outcome.step(of: repository.commits[2])?.verdict == .skipped)
            let culprit = try #require(outcome.culprit)
            #expect(culprit.metrics.first?.decision == .regressed)
            let comparison = output.appendingPathComponent(try #require(culprit.folder)).appendingPathComponent(
                "comparison.json")
            let stepProblems = try JSONSchemaValidator.validate(
                [comparison], against: JSONSchemaValidator.schema("comparison"))
            #expect(stepProblems[comparison.path] == [], "\(stepProblems)")
            #expect(
                culprit.parts?.moved.map(\.metric.rawValue).contains("main") == true,
                "\(String(describing: culprit.parts))"
            )
            #expect(
                result.stdout.contains(
                    "The first bad commit is \(repository.commits[4].prefix(10)) \"Change 5: prime the cache at start-up\""
                )
            )
            #expect(result.stdout.contains("\n\nResult: first bad commit found (exit 0)\n"), "\(result.stdout)")
            // The user's checkout: one worktree, nothing changed, still on main.
            #expect(try repository.worktrees().count == 1)
            #expect(try repository.git(["status", "--porcelain"]).isEmpty)
            #expect(try repository.git(["rev-parse", "HEAD"]) == repository.commits[7])
        }

        @Test("an interrupted bisect ends its build, leaves no worktree, and resumes to the same answer")
        func interruptedAndResumed() throws {
            let scratch = try BuiltProducts.scratchFolder("bisect-interrupted")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let repository = try Self.makeRepository(in: scratch.appendingPathComponent("repo"))
            let marker = scratch.appendingPathComponent("slow-builds")
            try Data().write(to: marker)
            let building = scratch.appendingPathComponent("candidate-building")
            // The good commit builds at once; a candidate's build says so, then sleeps while the marker
            // exists. (The test waits for that file, not for `git worktree list`: a list run while git
            // is still adding a worktree can fail on its half-written folder.)
            let build =
                "clang -O1 -o app app.c && if [ \"$(git rev-parse HEAD)\" != \(repository.commits[0]) ] && [ -e \(marker.path) ]; then touch \(building.path); sleep 61.5; fi"
            let output = scratch.appendingPathComponent("out")
            let process = try BuiltProducts.startLaunchprof(
                Self.arguments(repository, build: build, output: output), in: repository.folder)
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: building.path), Date() < deadline, process.process.isRunning {
                usleep(50_000)
            }
            #expect(FileManager.default.fileExists(atPath: building.path), "no candidate's build started")
            usleep(200_000)
            process.process.interrupt()
            let interrupted = try process.wait(timeout: 60)
            #expect(interrupted.status == 130, "\(interrupted.stdout)\(interrupted.stderr)")
            #expect(try repository.worktrees().count == 1)
            #expect(try repository.git(["status", "--porcelain"]).isEmpty)
            let sleeping = try BuiltProducts.run("/usr/bin/env", ["pgrep", "-f", "sleep 61.5"])
            #expect(sleeping.status == 1, "the build's sleep is still running: \(sleeping.stdout)")
            let stopped = try BisectOutcome.load(from: output.appendingPathComponent("bisect.json"))
            #expect(stopped.conclusion.kind == .interrupted)
            #expect(interrupted.stdout.contains("launchprof bisect --resume \(output.path)"))

            try FileManager.default.removeItem(at: marker)
            let resumed = try BuiltProducts.launchprof(["bisect", "--resume", output.path], in: scratch)
            #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
            let outcome = try BisectOutcome.load(from: output.appendingPathComponent("bisect.json"))
            #expect(outcome.conclusion == BisectConclusion(kind: .found, commits: [repository.commits[4]]))
            #expect(try repository.worktrees().count == 1)
        }

        @Test("--clean removes the worktrees a killed bisect left, and only those")
        func clean() throws {
            let scratch = try BuiltProducts.scratchFolder("bisect-clean")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let repository = try Self.makeRepository(in: scratch.appendingPathComponent("repo"))
            let left = scratch.appendingPathComponent("launchprof-bisect-1-2/good").path
            let mine = scratch.appendingPathComponent("my-worktree").path
            _ = try repository.git([
                "worktree", "add", "-q", "--detach", "--lock", "--reason", "launchprof bisect", left,
            ])
            _ = try repository.git(["worktree", "add", "-q", "--detach", mine])
            let result = try BuiltProducts.launchprof(["bisect", "--clean"], in: repository.folder)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains(left))
            #expect(try repository.worktrees() == ["worktree \(repository.folder.path)", "worktree \(mine)"])
            #expect(!FileManager.default.fileExists(atPath: left))
            let again = try BuiltProducts.launchprof(["bisect", "--clean"], in: repository.folder)
            #expect(again.stdout == "No bisect worktree to remove.\n")
        }
    }
}

/// ``CPUTimeSuites/BisectCommandTests``, by its own name (its cases are in extensions of it).
typealias BisectCommandTests = CPUTimeSuites.BisectCommandTests
