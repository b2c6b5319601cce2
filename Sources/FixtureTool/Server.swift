import NIOCore
import NIOPosix

/// The `server` mode: a SwiftNIO server on 127.0.0.1 whose launch waits for every event loop to
/// finish some CPU work, then binds, says so, and serves until SIGTERM or SIGINT.
enum Server {
    /// A configured server: its event loops and its listening channel.
    struct Running {
        /// The event loops (`threads` of them).
        let group: MultiThreadedEventLoopGroup
        /// The listening socket's channel.
        let channel: any Channel
    }

    /// Runs the server until SIGTERM or SIGINT, then shuts it down; exits 1 if it cannot start.
    static func run(threads: Int, warmMilliseconds: Int, port: Int) {
        let termination = TerminationSignal()
        let running: Running
        do {
            running = try configureServer(threads: threads, warmMilliseconds: warmMilliseconds, port: port)
        } catch {
            Output.error("FixtureTool: server: \(error)")
            exit(1)
        }
        Output.line("listening on port \(running.channel.localAddress?.port ?? port)")
        Output.line("ready")
        termination.wait()
        try? running.channel.close().wait()
        try? running.group.syncShutdownGracefully()
    }

    /// The NIO setup: `threads` event loops, `warmEventLoop` on each of them (waited for), then
    /// a listener on 127.0.0.1:`port` (0: any free port).
    @inline(never)
    static func configureServer(threads: Int, warmMilliseconds: Int, port: Int) throws -> Running {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        do {
            let warming = group.makeIterator().map { loop in
                loop.submit { warmEventLoop(milliseconds: warmMilliseconds) }
            }
            let values = try EventLoopFuture.whenAllSucceed(warming, on: group.next()).wait()
            Output.error("warmEventLoop: \(values)")
            let channel = try ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(OKHandler())
                    }
                }
                .bind(host: "127.0.0.1", port: port).wait()
            return Running(group: group, channel: channel)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }
}
