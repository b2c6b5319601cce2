// SampleApp's entry point, written the seeds' way (seed 002's main.swift).
import LaunchKit

UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
