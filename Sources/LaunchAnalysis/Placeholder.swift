// Filled in by the LaunchAnalysis work.
