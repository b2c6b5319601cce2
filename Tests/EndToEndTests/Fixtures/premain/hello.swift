// A Swift command-line tool's hello world, built with the runtime shared and static.
import Foundation

print("hello, \(ProcessInfo.processInfo.processName)")
