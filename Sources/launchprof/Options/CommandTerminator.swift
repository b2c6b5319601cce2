import ArgumentParser
import Foundation
import LaunchTool
import LaunchTrace

/// The check that `run`, `trace` and `compare` are given `--` before the program to launch
/// (the builds' arguments, for `compare`), made before ArgumentParser reads the command line.
///
/// Without `--`, ArgumentParser reads the program's arguments as launchprof's own:
/// `launchprof run --runs 3 git --version` printed launchprof's version and exited 0 with no
/// run. The check finds the first argument that is neither an option nor an option's value
/// (which options take a value, it asks the command's own definition) and, when no `--` comes
/// before it, fails with the command as it should be written.
///
/// ```swift
/// try CommandTerminator.check(["run", "--runs", "3", "git", "--version"])
/// // put -- before the program to profile and its arguments (…): launchprof run --runs 3 -- git --version
/// ```
enum CommandTerminator {
    /// The commands that take what follows `--`; what that is; and whether it may begin with an
    /// option (`compare`'s builds' arguments may; `run` and `trace` take a program first).
    static let commands: [String: (type: any ParsableCommand.Type, what: String, optionFirst: Bool)] = [
        "run": (RunCommand.self, "the program to profile and its arguments", false),
        "trace": (TraceCommand.self, "the program to trace and its arguments", false),
        "compare": (CompareCommand.self, "the arguments of both builds", true),
        "bisect": (BisectCommand.self, "the program and its arguments", false),
    ]

    /// Throws a usage error when `arguments` (launchprof's, without its own path) name `run`,
    /// `trace` or `compare` and what goes after `--` comes before any `--`: a program (an
    /// argument that is neither an option nor an option's value) or, for `compare`, an option
    /// that is not one of its own.
    static func check(_ arguments: [String]) throws {
        guard let name = arguments.first, let command = commands[name] else { return }
        let (takesValue, isFlag) = options(of: command.type)
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return }
            let option = String(argument.prefix { $0 != "=" })
            if argument.hasPrefix("-") && argument.count > 1
                && (takesValue.contains(option) || isFlag.contains(option) || !command.optionFirst)
            {
                index += takesValue.contains(argument) ? 2 : 1
                continue
            }
            let corrected = Array(arguments[..<index]) + ["--"] + Array(arguments[index...])
            throw CLIError(
                "put -- before \(command.what) (launchprof reads what comes before -- as its own options): launchprof \(ShellWord.line(corrected))"
            )
        }
    }

    /// The names of `command`'s options that take a value (`--runs`, `-r`) and of its flags
    /// (`--adaptive`, `--help`, `-h`), from its definition.
    static func options(of command: any ParsableCommand.Type) -> (takeValue: Set<String>, flags: Set<String>) {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
            let arguments = (object["command"] as? [String: Any])?["arguments"] as? [[String: Any]]
        else { return ([], []) }
        var takeValue: Set<String> = []
        var flags: Set<String> = []
        for argument in arguments {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String else { continue }
                let option = (name["kind"] as? String == "short" ? "-" : "--") + text
                switch argument["kind"] as? String {
                case "option": takeValue.insert(option)
                case "flag": flags.insert(option)
                default: break
                }
            }
        }
        return (takeValue, flags)
    }
}
