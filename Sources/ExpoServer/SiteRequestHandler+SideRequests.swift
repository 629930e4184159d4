import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Requests for the side routes (the studio): the body gathered, or spooled to disk as it
/// arrives, within its limit and pace; the answer written in order once the routes give it.
extension SiteRequestHandler {
    func startSideRequest(_ head: HTTPRequestHead, routes: any SideRoutes, context: ChannelHandlerContext) {
        if RequestFraming.refusal(head) != nil, let answer = responder.refusal(head) {
            refuse(answer, context: context)
            return
        }
        let limit = routes.bodyLimit(for: head)
        let length = head.headers.first(name: "content-length").flatMap(Int.init)
        if let length, length > limit {
            refuse(Self.tooLarge, context: context)
            return
        }
        var reserved = 0
        var spool: BodySpool?
        if limit > routes.bodyLimit, let length, length > routes.bodyLimit {
            let folder = routes.spoolFolder
            guard LargeBodies.reserve(length, onDisk: folder != nil) else {
                refuse(Self.busy, context: context)
                return
            }
            reserved = length
            if let folder {
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                let loop = context.eventLoop
                spool = BodySpool.make(in: folder) {
                    // The disk has caught up: read again.
                    loop.execute { Self.readAgain(bound.value) }
                }
                guard spool != nil else {
                    LargeBodies.release(length, onDisk: true)
                    refuse(Self.unwritable, context: context)
                    return
                }
            }
        }
        // A body over the usual limit must have said its length, and had room reserved.
        sideLimit = (reserved > 0 ? reserved : routes.bodyLimit, reserved, spool != nil)
        // A large body held gets its whole length at once, rather than doubling its way there.
        sideRequest = (head, routes, context.channel.allocator.buffer(capacity: spool == nil ? reserved : 0), spool, 0)
        if reserved > 0 { watchPace(context: context) }
    }

    static func readAgain(_ context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        context.read()
    }

    /// Checks a large body's pace each second once its grace is over, and cuts off one too
    /// slow: the idle timeout restarts at every byte, so it alone never ends a trickle.
    func watchPace(context: ChannelHandlerContext) {
        let began = NIODeadline.now()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let check = context.eventLoop.scheduleRepeatedTask(initialDelay: pace.grace, delay: .seconds(1)) { _ in
            let (handler, context) = bound.value
            guard let received = handler.sideRequest?.received,
                  handler.pace.isTooSlow(received: received, elapsed: .now() - began) else { return }
            handler.endSideRequest(context: context)
            handler.refuse(handler.tooSlow, context: context)
        }
        paceWatch = (began, check)
    }

    /// A client that leaves while sending its body gives its room back.
    func channelInactive(context: ChannelHandlerContext) {
        if sideRequest != nil { endSideRequest(context: context) }
        context.fireChannelInactive()
    }

    /// Drops the request's body, given back to the budget, its file removed. A connection
    /// that stopped reading for its file reads again, to drop what still comes.
    func endSideRequest(context: ChannelHandlerContext) {
        if let spool = sideRequest?.spool {
            spool.discard()
            Self.readAgain(context)
        }
        sideRequest = nil
        if sideLimit.reserved > 0 { LargeBodies.release(sideLimit.reserved, onDisk: sideLimit.onDisk) }
        sideLimit = (0, 0, false)
        stopWatchingPace()
    }

    func stopWatchingPace() {
        paceWatch?.check.cancel()
        paceWatch = nil
    }

    func continueSideRequest(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        // No copy of the body is held while a part is written to it: one would make each
        // part copy the whole body so far (a 20 MB upload took seconds of memmove).
        guard sideRequest != nil else { return }
        switch part {
        case .head:
            // A head before the last one's end cannot happen with NIO's decoder.
            context.close(promise: nil)
        case var .body(bytes):
            guard sideRequest!.received + bytes.readableBytes <= sideLimit.limit else {
                endSideRequest(context: context)
                refuse(Self.tooLarge, context: context)
                return
            }
            sideRequest!.received += bytes.readableBytes
            if let spool = sideRequest!.spool {
                // The disk is behind: stop reading until it catches up.
                if spool.append(bytes) { try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false) }
            } else {
                sideRequest!.body.writeBuffer(&bytes)
            }
        case .end:
            let (head, routes, body, spool, received) = sideRequest!
            // The body is the task's now: the budget is given back when it is answered.
            let (reserved, onDisk) = (sideLimit.reserved, sideLimit.onDisk)
            sideRequest = nil
            sideLimit = (0, 0, false)
            stopWatchingPace()
            waiting = []
            let closing = closeAfterAnswer || !head.isKeepAlive || head.version != .http1_1
            let loop = context.eventLoop
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
            let channel = context.channel
            let answered: @Sendable (SideResponse) -> Void = { response in
                if reserved > 0 { LargeBodies.release(reserved, onDisk: onDisk) }
                loop.execute {
                    let (handler, context) = bound.value
                    handler.finishSideRequest(response, closing: closing || handler.closeAfterAnswer, context: context)
                }
            }
            guard let spool else {
                Task { answered(await routes.respond(to: head, body: body, channel: channel)) }
                return
            }
            spool.finish(size: received) { written in
                Task {
                    switch written {
                    case let .success(spooled):
                        let response = await routes.respond(to: head, spooled: spooled, channel: channel)
                        unlink(spooled.url.path)
                        answered(response)
                    case let .failure(failure):
                        answered(Self.unwritableResponse(failure.reason))
                    }
                }
            }
        }
    }

    func finishSideRequest(_ response: SideResponse, closing: Bool, context: ChannelHandlerContext) {
        var headers = response.headers
        if let file = response.file, !file.removing {
            // A made video's part (the studio's preview): sent as the guide's own are.
            headers[.contentLength] = String(file.size)
            send(SiteAnswer(response.status, head: HTTPWire.head(headers), file: .init(path: file.url.path, offset: file.offset, count: file.size)),
                 file: .init(path: file.url.path, offset: file.offset, count: file.size), closing: closing, context: context)
            return
        }
        if let file = response.file {
            headers[.contentLength] = String(file.size)
            context.write(wrapOutboundOut(HTTPWire.statusAndDate(response.status, closing: closing)), promise: nil)
            context.write(wrapOutboundOut(HTTPWire.head(headers)), promise: nil)
            guard let handle = try? FileHandle(forReadingFrom: file.url) else {
                try? FileManager.default.removeItem(at: file.url)
                context.close(promise: nil)
                return
            }
            sendingFile = true
            send(file, from: handle, remaining: file.size, closing: closing, context: context)
            return
        }
        headers[.contentLength] = String(response.body.readableBytes)
        context.write(wrapOutboundOut(HTTPWire.statusAndDate(response.status, closing: closing)), promise: nil)
        if response.body.readableBytes > 0 {
            context.write(wrapOutboundOut(HTTPWire.head(headers)), promise: nil)
            write(response.body, closing: closing, context: context)
        } else {
            write(HTTPWire.head(headers), closing: closing, context: context)
        }
        answerWaiting(closing: closing, context: context)
    }

    /// An upload that cannot be written where the routes spool bodies (a full disk).
    static var unwritable: SiteAnswer {
        .plain(SiteAnswer.insufficientStorage, "The upload cannot be written on the server's disk\n")
    }

    static func unwritableResponse(_ reason: String) -> SideResponse {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        return SideResponse(status: SiteAnswer.insufficientStorage, headers: headers,
                            body: ByteBuffer(string: "The upload could not be written on the server's disk: \(reason)\n"))
    }

    static var busy: SiteAnswer {
        .plain(.serviceUnavailable, "Too many uploads at once; send it again in a moment\n", extra: [.retryAfter: "5"])
    }

    var tooSlow: SiteAnswer { .plain(.requestTimeout, pace.refusal) }

    static var tooLarge: SiteAnswer { .plain(.contentTooLarge, "Request body too large\n") }
}
