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
/// preview's events, one that closes the connection, anything unusual in its head) goes with everything after it on the
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
    /// Answers written in this read that wait for its end to go out together.
    private var unflushed = false
    /// A read the channel asked for while the client was not reading its answers.
    private var pendingRead = false
    private var reading = false
    private var lastRead = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    /// The last answer's status line, Date and header lines, good for the rest of its second.
    private var lead: (second: time_t, code: Int, head: ByteBuffer, bytes: ByteBuffer)?

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
        var bytes = unwrapInboundIn(data)
        if var held = partial {
            held.bytes.writeBuffer(&bytes)
            partial = nil
            guard Self.endsHead(held.bytes, from: held.searched) else {
                hold(held.bytes, context: context)
                return
            }
            bytes = held.bytes
        }
        while bytes.readableBytes > 0 {
            switch PlainRequest.parse(bytes) {
            case let .head(head, length):
                let target = RequestTarget(head.uri)
                if !answersItself(head, target) {
                    handOver(bytes, context: context)
                    return
                }
                bytes.moveReaderIndex(forwardBy: length)
                answer(head, target, context: context)
                if handedOver {
                    // A file's answer whose sending waits for the rest (no `sendfile`): the
                    // requests after it are the decoder's.
                    if bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
                    return
                }
            case .partial:
                hold(bytes, context: context)
                return
            case .other:
                handOver(bytes, context: context)
                return
            }
        }
    }

    /// Whether this handler answers `head`. The studio's routes and the preview's events are
    /// the decoder's and `SiteRequestHandler`'s, and so is a request that ends the connection
    /// (one a connection at most), which that handler answers and closes.
    private func answersItself(_ head: HTTPRequestHead, _ target: RequestTarget) -> Bool {
        head.isKeepAlive && responder.sideRoutes(at: target.path) == nil && !responder.mayStream(head, path: target.path)
    }

    private func answer(_ head: HTTPRequestHead, _ target: RequestTarget, context: ChannelHandlerContext) {
        let answer = responder.plainAnswer(head, target: target)
        if let file = answer.file {
            guard let siteContext = try? context.pipeline.syncOperations.context(handler: site) else {
                context.close(promise: nil)
                return
            }
            site.send(answer, file: file, closing: false, context: siteContext)
            // Without sendfile, the file goes out a piece at a time, and what the client
            // sends meanwhile waits in `SiteRequestHandler`.
            if site.waiting != nil { handedOver = true }
            return
        }
        context.write(wrapOutboundOut(lead(of: answer, allocator: context.channel.allocator)), promise: nil)
        if let body = answer.body { context.write(wrapOutboundOut(body), promise: nil) }
        unflushed = true
    }

    /// The status line, the Date and `answer`'s header lines in one buffer: one write less
    /// for each answer. Laid out once a second for the page the connection asks for again
    /// (a page's header lines are a buffer of the site's, the same one for every answer).
    private func lead(of answer: SiteAnswer, allocator: ByteBufferAllocator) -> ByteBuffer {
        let now = time(nil)
        if let lead, lead.second == now, lead.code == answer.status.code, Self.same(lead.head, answer.head) { return lead.bytes }
        let status = HTTPWire.statusAndDate(answer.status)
        var bytes = allocator.buffer(capacity: status.readableBytes + answer.head.readableBytes)
        bytes.writeImmutableBuffer(status)
        bytes.writeImmutableBuffer(answer.head)
        lead = (now, answer.status.code, answer.head, bytes)
        return bytes
    }

    /// Whether two buffers are the same bytes in memory. `lead` holds on to its head, so its
    /// memory cannot be freed and taken by another while they are compared.
    private static func same(_ one: ByteBuffer, _ other: ByteBuffer) -> Bool {
        one.readableBytes == other.readableBytes
            && one.withUnsafeReadableBytes { one in other.withUnsafeReadableBytes { one.baseAddress == $0.baseAddress } }
    }

    /// Keeps the start of a head until the rest arrives; one longer than any plain head
    /// goes to the decoder, which refuses it as it always did.
    private func hold(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        guard bytes.readableBytes <= PlainRequest.longest else {
            handOver(bytes, context: context)
            return
        }
        // The blank line may begin in the last three bytes searched.
        partial = (bytes, max(0, bytes.readableBytes - 3))
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
