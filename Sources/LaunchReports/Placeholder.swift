// Filled in by the LaunchReports work.
