import ArgumentParser
import LaunchTrace

extension Scenario: ExpressibleByArgument {}
