import Foundation
import LaunchTrace

/// A word of a command line as a POSIX shell reads it back: how launchprof prints a command for
/// the user to paste (the `--` correction, the `bisect` command of a change point).
package enum ShellWord {
    /// `argument` unchanged when it needs no quoting, else in single quotes.
    package static func quoted(_ argument: String) -> String {
        let plain = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%")
        if !argument.isEmpty && argument.unicodeScalars.allSatisfy(plain.contains) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The words as one command line.
    package static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
