import ArgumentParser
import LaunchTrace

/// `--sampler` takes the sampler methods' raw values.
extension SamplerMethod: ExpressibleByArgument {}
