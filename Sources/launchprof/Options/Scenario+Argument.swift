import ArgumentParser
import LaunchRunner

extension Scenario: ExpressibleByArgument {}
