import NIOCore

/// The server's whole protocol: each connection gets "ok\n" and is closed (output first, so that
/// a client which sent a request reads the reply rather than a reset; NIO closes the rest when
/// the client closes its side).
final class OKHandler: ChannelInboundHandler {
    /// What the connection reads (ignored).
    typealias InboundIn = ByteBuffer
    /// What the handler writes.
    typealias OutboundOut = ByteBuffer

    /// Writes the reply as soon as the connection is up, then closes the connection's output.
    func channelActive(context: ChannelHandlerContext) {
        let reply = context.channel.allocator.buffer(string: "ok\n")
        context.writeAndFlush(Self.wrapOutboundOut(reply)).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
        }
    }
}
