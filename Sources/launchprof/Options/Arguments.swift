import ArgumentParser
import LaunchRunner
import LaunchTrace
import LaunchTool

extension Scenario: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension RunReportFormat: ExpressibleByArgument {}
