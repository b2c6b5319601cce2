/// Why an instrument benchmark could not be set up.
enum InstrumentsBenchmarkError: Error, CustomStringConvertible {
    case noSignalHandler
    case noThread
    case noChild(depth: Int32)
    case spawnFailed(path: String, errno: Int32)
    case helperFailed(String)

    var description: String {
        switch self {
        case .noSignalHandler: "lp_sampler_install found no free realtime signal"
        case .noThread: "could not start the sampled thread"
        case .noChild(let depth): "could not fork a child spinning at depth \(depth)"
        case .spawnFailed(let path, let errno): "could not start \(path) (errno \(errno))"
        case .helperFailed(let why): "writer helper: \(why)"
        }
    }
}
