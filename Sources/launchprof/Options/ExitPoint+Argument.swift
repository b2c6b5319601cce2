import ArgumentParser
import LaunchTrace

/// `--exit-after` takes the exit points' raw values; the valid ones come from the cases.
extension ExitPoint: ExpressibleByArgument {}
