// Prints a greeting as JSON: a command-line tool that uses Foundation's JSONEncoder.
import Foundation

struct Greeting: Codable {
    var message: String
    var arguments: [String]
}

let greeting = Greeting(message: "hello", arguments: Array(CommandLine.arguments.dropFirst()))
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
print(String(decoding: try encoder.encode(greeting), as: UTF8.self))
