import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// The first handler of every connection, and for a page's request the only one: it reads
/// the request (`PlainRequest`), answers it from the site in memory and writes the answer
/// straight to the socket, with no event through the rest of the pipeline. It also keeps the
/// read timeout and the back pressure that `IdleStateHandler` and `BackPressureHandler` kept,
/// since every answer crossed both of them on its way out.
///
/// The first request it is not sure of (a body, another method, the studio's routes, the
/// preview's events, anything unusual in its head) goes with everything after it on the
/// connection to NIO's decoder and `SiteRequestHandler` behind it, which read and answer
/// it as they always did.
final class ConnectionFront: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = NIOAny
    typealias OutboundOut = ByteBuffer

    private let responder: SiteResponder
    /// The handler behind NIO's decoder: it sends a media file's answer for this one too, and
    /// takes the connection over from the first request this one does not read.
    private let site: SiteRequestHandler
    private let idleTimeout: TimeAmount

    /// Set once the connection is handed to the decoder: from then on, bytes pass through.
    private var handedOver = false
    /// The start of a request whose head has not all arrived, and how far of it was searched
    /// for the blank line that ends a head (so that a head sent a byte at a time is read once).
    private var partial: (bytes: ByteBuffer, searched: Int)?
    /// Set once an answer closes the connection: what the client sends after it is not read.
    private var closing = false
    /// Answers written in this read that wait for its end to go out together.
    private var unflushed = false
    /// A read the channel asked for while the client was not reading its answers.
    private var pendingRead = false
    private var reading = false
    private var lastRead = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    /// The status line and Date of the last answer, good for the rest of its second.
    private var statusLine: (second: time_t, code: Int, bytes: ByteBuffer)?

    init(responder: SiteResponder, site: SiteRequestHandler, idleTimeout: TimeAmount) {
        self.responder = responder
        self.site = site
        self.idleTimeout = idleTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reading = true
        if handedOver {
            context.fireChannelRead(data)
            return
        }
        if closing { return }
        var bytes = unwrapInboundIn(data)
        if var held = partial {
            held.bytes.writeBuffer(&bytes)
            guard Self.endsHead(held.bytes, from: held.searched) else {
                if held.bytes.readableBytes > PlainRequest.longest {
                    partial = nil
                    handOver(held.bytes, context: context)
                } else {
                    partial = (held.bytes, max(0, held.bytes.readableBytes - 3))
                }
                return
            }
            partial = nil
            bytes = held.bytes
        }
        while bytes.readableBytes > 0, !closing {
            switch PlainRequest.parse(bytes) {
            case let .head(head, length):
                if !answersItself(head) {
                    handOver(bytes, context: context)
                    return
                }
                bytes.moveReaderIndex(forwardBy: length)
                answer(head, context: context)
                if handedOver {
                    // A file's answer whose sending waits for the rest (no `sendfile`): the
                    // requests after it are the decoder's.
                    if bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
                    return
                }
            case .partial:
                guard bytes.readableBytes <= PlainRequest.longest else {
                    handOver(bytes, context: context)
                    return
                }
                partial = (bytes, max(0, bytes.readableBytes - 3))
                return
            case .other:
                handOver(bytes, context: context)
                return
            }
        }
    }

    /// Whether this handler answers `head`; the studio's routes and the preview's events are
    /// the decoder's and `SiteRequestHandler`'s.
    private func answersItself(_ head: HTTPRequestHead) -> Bool {
        responder.sideRoutes(for: head) == nil && !responder.mayStream(head)
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let answer = responder.answer(head)
        let closing = !head.isKeepAlive
        if let file = answer.file {
            self.closing = closing
            guard let siteContext = try? context.pipeline.syncOperations.context(handler: site) else {
                context.close(promise: nil)
                return
            }
            site.send(answer, file: file, closing: closing, context: siteContext)
            // Without sendfile, the file goes out a piece at a time, and what the client
            // sends meanwhile waits in `SiteRequestHandler`.
            if site.waiting != nil { handedOver = true }
            return
        }
        context.write(wrapOutboundOut(statusAndDate(answer.status, closing: closing)), promise: nil)
        let last: ByteBuffer
        if let body = answer.body {
            context.write(wrapOutboundOut(answer.head), promise: nil)
            last = body
        } else {
            last = answer.head
        }
        guard closing else {
            context.write(wrapOutboundOut(last), promise: nil)
            unflushed = true
            return
        }
        self.closing = true
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(last)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The status line and Date, laid out once a second for a connection's answers.
    private func statusAndDate(_ status: HTTPResponse.Status, closing: Bool) -> ByteBuffer {
        if closing { return HTTPWire.statusAndDate(status, closing: true) }
        let now = time(nil)
        if let statusLine, statusLine.second == now, statusLine.code == status.code { return statusLine.bytes }
        let bytes = HTTPWire.statusAndDate(status)
        statusLine = (now, status.code, bytes)
        return bytes
    }

    /// From here on the decoder reads the connection, starting with `bytes`.
    private func handOver(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        handedOver = true
        context.fireChannelRead(wrapInboundOut(bytes))
    }

    /// Whether a blank line (`\r\n\r\n`) ends a head in `bytes`, looking from `from` on.
    static func endsHead(_ bytes: ByteBuffer, from: Int) -> Bool {
        bytes.withUnsafeReadableBytes { bytes in
            guard bytes.count >= 4 else { return false }
            var index = from
            while index + 3 < bytes.count {
                if bytes[index + 3] == 0x0A, bytes[index + 2] == 0x0D, bytes[index + 1] == 0x0A, bytes[index] == 0x0D { return true }
                index += 1
            }
            return false
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if reading {
            lastRead = .now()
            reading = false
        }
        if unflushed {
            unflushed = false
            context.flush()
        }
        if handedOver { context.fireChannelReadComplete() }
    }

    /// A client half-closing with a head half sent: the decoder reads what there is, as before.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let held = partial, !handedOver, event as? ChannelEvent == .some(.inputClosed) {
            partial = nil
            handOver(held.bytes, context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Back pressure: a client that sends requests without reading the answers stops being read.

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            pendingRead = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            if pendingRead {
                pendingRead = false
                context.read()
            }
        } else {
            context.flush()
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: The read timeout, told to `SiteRequestHandler` as `IdleStateHandler` told it.

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { scheduleIdleCheck(context, in: idleTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if idleCheck == nil { scheduleIdleCheck(context, in: idleTimeout) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        idleCheck = nil
        if pendingRead {
            pendingRead = false
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        idleCheck = nil
        context.fireChannelInactive()
    }

    private func scheduleIdleCheck(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleTask(in: delay) {
            let (handler, context) = bound.value
            handler.checkIdle(context)
        }
    }

    private func checkIdle(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if reading {
            scheduleIdleCheck(context, in: idleTimeout)
            return
        }
        let quiet = .now() - lastRead
        guard quiet >= idleTimeout else {
            scheduleIdleCheck(context, in: idleTimeout - quiet)
            return
        }
        scheduleIdleCheck(context, in: idleTimeout)
        context.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
    }
}
