import ArgumentParser
import LaunchRunner
import LaunchWorkflow

extension Scenario: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension RunReportFormat: ExpressibleByArgument {}
