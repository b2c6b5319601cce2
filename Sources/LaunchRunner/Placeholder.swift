// Filled in by the LaunchRunner work.
