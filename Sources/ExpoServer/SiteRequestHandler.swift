import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers each request once its head and (ignored) body have arrived. Answers are
/// written at once and in order, so pipelined requests need nothing more.
final class SiteRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    let responder: SiteResponder
    var request: HTTPRequestHead?
    /// Set when the server is stopping while a request is half read: close after its answer.
    var closeAfterAnswer = false
    /// Set once a request has been refused (a malformed one, a method the guide does not
    /// serve, a body whose end cannot be found): its answer is the connection's last.
    var refused = false
    /// Set once the connection carries the live preview's events: it stays open with nothing to read.
    var streaming = false
    /// Set while a side route's file goes out: a slow reader sends nothing meanwhile, and is meant to.
    var sendingFile = false
    /// A request for the side routes (the studio), its body gathered as it comes: held, or
    /// written to a file (`spool`) when the routes take a large one that way.
    var sideRequest: (head: HTTPRequestHead, routes: any SideRoutes, body: ByteBuffer, spool: BodySpool?, received: Int)?
    /// The request's limit, and the bytes of `LargeBodies` it holds (0 for a form's body), on disk or not.
    var sideLimit = (limit: 0, reserved: 0, onDisk: false)
    /// While a large body arrives: when it began, and the check of its pace.
    var paceWatch: (began: NIODeadline, check: RepeatedTask)?
    let pace: BodyPace
    /// While a side route answers, what the client sends next waits here, so answers stay in order.
    var waiting: [HTTPServerRequestPart]?
    /// A page's beacon to the events endpoint, its (small) body gathered as it comes.
    var beacon: (head: HTTPRequestHead, body: ByteBuffer)?

    let sendsFiles: Bool

    init(responder: SiteResponder, pace: BodyPace, sendsFiles: Bool = true) {
        self.responder = responder
        self.pace = pace
        self.sendsFiles = sendsFiles
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a refusal the decoder is gone, and what the client still sends arrives as bytes.
        if refused { return }
        let part = unwrapInboundIn(data)
        if waiting != nil {
            waiting?.append(part)
            return
        }
        handle(part, context: context)
    }

    func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        if sideRequest != nil {
            continueSideRequest(part, context: context)
            return
        }
        if beacon != nil {
            continueBeacon(part, context: context)
            return
        }
        switch part {
        case let .head(head):
            if responder.isBeacon(head) {
                if RequestFraming.refusal(head) != nil, let answer = responder.refusal(head) {
                    refuse(answer, context: context)
                } else if (head.headers.first(name: "content-length").flatMap(Int.init) ?? 0) > UsageEvent.largest {
                    refuse(Self.tooLarge, context: context)
                } else {
                    beacon = (head, context.channel.allocator.buffer(capacity: 256))
                }
                return
            }
            if let routes = responder.sideRoutes(for: head) {
                startSideRequest(head, routes: routes, context: context)
                return
            }
            if let answer = responder.refusal(head) {
                refuse(answer, context: context)
                return
            }
            request = head
        case .body:
            break
        case .end:
            guard let request, !streaming else { return }
            self.request = nil
            if let events = responder.previewStream(request) {
                streaming = true
                var headers = SecurityHeaders.all
                headers[.contentType] = "text/event-stream; charset=utf-8"
                headers[.cacheControl] = "no-store"
                let head = HTTPWire.statusAndDate(.ok, closing: true)
                events.attach(context.channel, headers: Array(head.readableBytesView) + Array(HTTPWire.head(headers).readableBytesView))
                return
            }
            let answer = responder.answer(request)
            // HTTP/1.0 clients get one answer per connection: simpler than their keep-alive.
            let closing = closeAfterAnswer || !request.isKeepAlive || request.version != .http1_1
            if let file = answer.file {
                send(answer, file: file, closing: closing, context: context)
                return
            }
            context.write(wrapOutboundOut(HTTPWire.statusAndDate(answer.status, closing: closing)), promise: nil)
            if let body = answer.body {
                context.write(wrapOutboundOut(answer.head), promise: nil)
                write(body, closing: closing, context: context)
            } else {
                write(answer.head, closing: closing, context: context)
            }
        }
    }

    /// The beacon's body, up to `UsageEvent.largest` bytes; its answer is written at its end,
    /// on the event loop, as a page's is.
    func continueBeacon(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head:
            context.close(promise: nil)
        case var .body(bytes):
            guard beacon!.body.readableBytes + bytes.readableBytes <= UsageEvent.largest else {
                beacon = nil
                refuse(Self.tooLarge, context: context)
                return
            }
            beacon!.body.writeBuffer(&bytes)
        case .end:
            let (head, body) = beacon!
            beacon = nil
            let answer = responder.usageAnswer(head, body: body, address: context.channel.remoteAddress)
            let closing = closeAfterAnswer || !head.isKeepAlive || head.version != .http1_1
            context.write(wrapOutboundOut(HTTPWire.statusAndDate(answer.status, closing: closing)), promise: nil)
            write(answer.head, closing: closing, context: context)
        }
    }

    /// What the client sent while a side route answered, handled now in order.
    func answerWaiting(closing: Bool, context: ChannelHandlerContext) {
        let next = waiting ?? []
        waiting = nil
        if closing { return }
        for part in next {
            if waiting != nil { waiting?.append(part) } else { handle(part, context: context) }
        }
    }

    /// A graceful stop: close now if between requests, else after the current answer.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            // A page listening for preview events sends nothing, and is meant to.
            if streaming || sendingFile { return }
            // Nothing read for the idle timeout. Unless a large answer is still going out to
            // a slow reader (the channel is not writable until it drains), the client has
            // left the connection: close it.
            if context.channel.isWritable { context.close(promise: nil) }
            return
        }
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if request == nil, sideRequest == nil, beacon == nil, waiting == nil {
            write(ByteBuffer(), closing: true, context: context)
        } else {
            closeAfterAnswer = true
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After a 400, the rest of what the client sent arrives as errors: drop it.
        if refused { return }
        guard error is HTTPParserError, request == nil else {
            context.close(promise: nil)
            return
        }
        // A request NIO's parser cannot read gets 400, and nothing after it on the
        // connection can be trusted.
        refuse(SiteAnswer(.badRequest, headers: SecurityHeaders.all), context: context)
    }

    /// Sends `answer` with `Connection: close` as the connection's last. Closing outright
    /// while the client's bytes are still unread would reset the connection and lose the
    /// answer, so stop writing, read and drop whatever still comes until the client closes,
    /// and give up after a few seconds. The decoder goes, so that those bytes are not kept.
    func refuse(_ answer: SiteAnswer, context: ChannelHandlerContext) {
        refused = true
        request = nil
        context.write(wrapOutboundOut(HTTPWire.statusAndDate(answer.status, closing: true)), promise: nil)
        let channel = context.channel
        if answer.body != nil { context.write(wrapOutboundOut(answer.head), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(answer.body ?? answer.head)).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
        }
        if let decoder = try? context.pipeline.syncOperations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            context.pipeline.syncOperations.removeHandler(context: decoder, promise: nil)
        }
    }

    /// Writes and flushes; when `closing`, closes once everything written has gone out.
    func write(_ bytes: ByteBuffer, closing: Bool, context: ChannelHandlerContext) {
        guard closing else {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            return
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}
