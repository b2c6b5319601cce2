import NIOCore
import NIOEmbedded

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `pipeline`: the program's own function asks SwiftNIO (linked statically) to push messages
/// through a channel pipeline until the thread has used the given CPU time: the time is spent
/// in NIO's functions, called from `prime(milliseconds:)`.
enum Pipeline {
    /// Writes and reads messages through an embedded channel with two handlers; returns how many.
    @inline(never)
    static func prime(milliseconds: Int) -> Int {
        let channel = EmbeddedChannel()
        try? channel.pipeline.syncOperations.addHandlers([Relay(), Relay()])
        let deadline = cpuDeadline(milliseconds: milliseconds)
        var count = 0
        var buffer = channel.allocator.buffer(capacity: 64)
        buffer.writeString("launch")
        while threadCPUNanoseconds() < deadline {
            for _ in 0..<256 {
                _ = try? channel.writeInbound(buffer)
                _ = try? channel.readInbound(as: ByteBuffer.self)
            }
            count += 256
        }
        _ = try? channel.finish()
        return count
    }
}

/// A handler that passes every message on.
final class Relay: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }
}
