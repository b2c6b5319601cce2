import CLaunchProbe
import Glibc

/// The helper side of the tracer benchmark: this executable started again by WriterProcess
/// with LAUNCHPROF_BENCH_WRITER set (and libLaunchPreload.so preloaded or not).
///
/// Protocol on stdin/stdout: the parent writes an Int64 count, the helper makes that many
/// write(2) calls of 0 bytes to /dev/null on its main thread and answers with an Int64: the
/// calls the tracer intercepted on its traced thread meanwhile, or -1 without a tracer.
/// End of input ends the helper.
enum WriterHelper {
    /// The environment variable that makes this executable a helper.
    static let environmentKey = "LAUNCHPROF_BENCH_WRITER"

    /// True in the helper process.
    static var isRequested: Bool { getenv(environmentKey) != nil }

    /// Serves write batches until the parent closes stdin, then exits.
    static func serve() -> Never {
        let sink = open("/dev/null", O_WRONLY)
        guard sink >= 0 else { exit(2) }
        // The tracer traces the process's first thread; make sure it is this one.
        _ = lp_tracer_trace_current_thread()
        var byte: UInt8 = 0
        while true {
            var count: Int64 = 0
            guard readExactly(&count) else { exit(0) }
            let before = intercepted()
            for _ in 0..<count {
                _ = Glibc.write(sink, &byte, 0)
            }
            var answer: Int64 = before < 0 ? -1 : intercepted() - before
            guard writeExactly(&answer) else { exit(0) }
        }
    }

    /// Calls intercepted so far on the traced thread, or -1 without a tracer.
    private static func intercepted() -> Int64 {
        var info = lp_preload_info_t()
        return lp_tracer_info(&info) == 0 ? info.intercepted_calls : -1
    }

    private static func readExactly(_ value: inout Int64) -> Bool {
        withUnsafeMutableBytes(of: &value) { bytes in
            var done = 0
            while done < bytes.count {
                let n = read(STDIN_FILENO, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }

    private static func writeExactly(_ value: inout Int64) -> Bool {
        withUnsafeBytes(of: &value) { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }
}
