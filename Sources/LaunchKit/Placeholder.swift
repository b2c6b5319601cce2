// Filled in by the LaunchKit work.
