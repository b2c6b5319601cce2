import ArgumentParser
import LaunchRunner
import LaunchTool
import LaunchTrace

extension Scenario: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
