import ArgumentParser
import LaunchRunner
import LaunchTrace
import LaunchWorkflow

extension Scenario: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension RunReportFormat: ExpressibleByArgument {}
