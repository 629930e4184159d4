import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The connections of Hummingbird's server, handled by a NIO handler of our own. Every
/// answer is already in memory, so it is written from the event loop that read the
/// request: no task, no async sequence, no hop between threads, no header encoding.
/// Hummingbird's general HTTP1 channel spent about a quarter of the server's time on
/// those for answers like ours.
struct SiteChannel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let channel: any Channel
    }

    let responder: SiteResponder
    let idleTimeout: TimeAmount
    let pace: BodyPace
    /// Whether a file's body goes out with `sendfile`; else it is read a piece at a time.
    var sendsFiles = true

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers([
                // Read time only: watching writes too would allocate a promise for every write.
                IdleStateHandler(readTimeout: idleTimeout),
                // A client that sends requests without reading the answers stops being read.
                BackPressureHandler(),
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)),
                SiteRequestHandler(responder: responder, pace: pace, sendsFiles: sendsFiles),
            ])
            return Value(channel: channel)
        }
    }

    /// Hummingbird's server waits on this for each connection when it stops.
    func handle(value: Value, logger: Logger) async {
        try? await value.channel.closeFuture.get()
    }
}

/// Answers each request once its head and (ignored) body have arrived. Answers are
/// written at once and in order, so pipelined requests need nothing more.
final class SiteRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    private let responder: SiteResponder
    private var request: HTTPRequestHead?
    /// Set when the server is stopping while a request is half read: close after its answer.
    private var closeAfterAnswer = false
    /// Set once a request has been refused (a malformed one, a method the guide does not
    /// serve, a body whose end cannot be found): its answer is the connection's last.
    private var refused = false
    /// Set once the connection carries the live preview's events: it stays open with nothing to read.
    private var streaming = false
    /// Set while a side route's file goes out: a slow reader sends nothing meanwhile, and is meant to.
    private var sendingFile = false
    /// A request for the side routes (the studio), its body gathered as it comes: held, or
    /// written to a file (`spool`) when the routes take a large one that way.
    private var sideRequest: (head: HTTPRequestHead, routes: any SideRoutes, body: ByteBuffer, spool: BodySpool?, received: Int)?
    /// The request's limit, and the bytes of `LargeBodies` it holds (0 for a form's body), on disk or not.
    private var sideLimit = (limit: 0, reserved: 0, onDisk: false)
    /// While a large body arrives: when it began, and the check of its pace.
    private var paceWatch: (began: NIODeadline, check: RepeatedTask)?
    private let pace: BodyPace
    /// While a side route answers, what the client sends next waits here, so answers stay in order.
    private var waiting: [HTTPServerRequestPart]?
    /// A page's beacon to the events endpoint, its (small) body gathered as it comes.
    private var beacon: (head: HTTPRequestHead, body: ByteBuffer)?

    private let sendsFiles: Bool

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

    private func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
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
    private func continueBeacon(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
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

    private func startSideRequest(_ head: HTTPRequestHead, routes: any SideRoutes, context: ChannelHandlerContext) {
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

    private static func readAgain(_ context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        context.read()
    }

    /// Checks a large body's pace each second once its grace is over, and cuts off one too
    /// slow: the idle timeout restarts at every byte, so it alone never ends a trickle.
    private func watchPace(context: ChannelHandlerContext) {
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
    private func endSideRequest(context: ChannelHandlerContext) {
        if let spool = sideRequest?.spool {
            spool.discard()
            Self.readAgain(context)
        }
        sideRequest = nil
        if sideLimit.reserved > 0 { LargeBodies.release(sideLimit.reserved, onDisk: sideLimit.onDisk) }
        sideLimit = (0, 0, false)
        stopWatchingPace()
    }

    private func stopWatchingPace() {
        paceWatch?.check.cancel()
        paceWatch = nil
    }

    private func continueSideRequest(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
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

    private func finishSideRequest(_ response: SideResponse, closing: Bool, context: ChannelHandlerContext) {
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

    /// What the client sent while a side route answered, handled now in order.
    private func answerWaiting(closing: Bool, context: ChannelHandlerContext) {
        let next = waiting ?? []
        waiting = nil
        if closing { return }
        for part in next {
            if waiting != nil { waiting?.append(part) } else { handle(part, context: context) }
        }
    }

    /// A recording's or a video's answer: the headers, then the part of its file. The file is
    /// opened first, so that one gone from the cache gets a 500, not headers and then nothing.
    /// With `sendfile` the kernel copies the bytes from the page cache to the socket as it
    /// drains, so 32 clients fetching a video hold no more memory than one; behind TLS the
    /// file is read a megabyte at a time instead.
    private func send(_ answer: SiteAnswer, file: SiteAnswer.FilePart, closing: Bool, context: ChannelHandlerContext) {
        // A served page's file is kept open (`OpenMedia`); any other is opened for this answer.
        let kept = sendsFiles ? file.open?.handle(on: context.eventLoop) : nil
        let descriptor = kept == nil ? open(file.path, O_RDONLY | O_CLOEXEC) : -1
        guard kept != nil || descriptor >= 0 else {
            responder.fileMissing(file.path)
            var headers = SecurityHeaders.all
            headers[.contentType] = "text/plain; charset=utf-8"
            let failed = SiteAnswer(.internalServerError, headers: headers, body: Array("The file could not be read.\n".utf8))
            context.write(wrapOutboundOut(HTTPWire.statusAndDate(failed.status, closing: closing)), promise: nil)
            context.write(wrapOutboundOut(failed.head), promise: nil)
            write(failed.body ?? ByteBuffer(), closing: closing, context: context)
            if waiting != nil { answerWaiting(closing: closing, context: context) }
            return
        }
        // A small part (a player's 64 KB range of a recording, a tile) is read and written with
        // its headers in one call: for it, corking and sendfile cost more than the copy.
        if file.count <= Self.readLimit {
            guard let body = Self.read(file, kept: kept, descriptor: descriptor, allocator: context.channel.allocator) else {
                // Shorter than its page says (changed under the guide): nothing true can be sent.
                context.close(promise: nil)
                return
            }
            context.write(wrapOutboundOut(HTTPWire.statusAndDate(answer.status, closing: closing)), promise: nil)
            context.write(wrapOutboundOut(answer.head), promise: nil)
            write(body, closing: closing, context: context)
            if waiting != nil { answerWaiting(closing: closing, context: context) }
            return
        }
        context.write(wrapOutboundOut(HTTPWire.statusAndDate(answer.status, closing: closing)), promise: nil)
        context.write(wrapOutboundOut(answer.head), promise: nil)
        guard sendsFiles else {
            sendingFile = true
            // What the client sends meanwhile is answered after, in order.
            waiting = []
            send(Pieces(descriptor: descriptor, remaining: file.count, removing: nil, offset: file.offset), closing: closing, context: context)
            return
        }
        let handle = kept ?? NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
        let region = FileRegion(fileHandle: handle, readerIndex: file.offset, endIndex: file.offset + file.count)
        let channel = context.channel
        // While it goes out a slow reader sends nothing, and is meant to.
        sendingFile = true
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        // Corked, the headers leave in the same packets as the file's first bytes (nginx's
        // tcp_nopush), and the last part leaves when it is uncorked.
        let options = channel.syncOptions
        try? options?.setOption(Self.cork, value: 1)
        let open = file.open
        context.writeAndFlush(NIOAny(IOData.fileRegion(region))).whenComplete { result in
            // A kept descriptor stays open as long as its page, and this answer, need it.
            if kept == nil { try? handle.close() } else { withExtendedLifetime(open) {} }
            try? options?.setOption(Self.cork, value: 0)
            let (handler, context) = bound.value
            handler.sendingFile = false
            if closing || (try? result.get()) == nil {
                channel.close(promise: nil)
            } else if handler.waiting != nil {
                // A side route's answer: what the client sent meanwhile is answered now.
                handler.answerWaiting(closing: false, context: context)
            }
        }
    }

    private static let cork = ChannelOptions.Types.SocketOption(level: .tcp, name: NIOBSDSocket.Option(rawValue: TCP_CORK))

    /// The largest part read into memory to be sent: at 64 connections, 16 MB at most in flight.
    static let readLimit = 256 << 10

    /// The part `file` names, read whole from the kept descriptor or the one just opened
    /// (which is then closed); nil when fewer bytes than that could be read.
    private static func read(_ file: SiteAnswer.FilePart, kept: NIOFileHandle?, descriptor: CInt,
                             allocator: ByteBufferAllocator) -> ByteBuffer? {
        var buffer = allocator.buffer(capacity: file.count)
        func pread(from fd: CInt) -> Int {
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: file.count) { bytes in
                var read = -1
                repeat { read = Glibc.pread(fd, bytes.baseAddress, file.count, off_t(file.offset)) } while read < 0 && errno == EINTR
                return max(read, 0)
            }
        }
        let read: Int
        if let kept {
            read = (try? kept.withUnsafeFileDescriptor(pread)) ?? 0
        } else {
            read = pread(from: descriptor)
            close(descriptor)
        }
        return read == file.count ? buffer : nil
    }

    /// A file going out a megabyte at a time: what is left of it, and the file to remove
    /// once sent (a side route's zip), if any.
    private struct Pieces {
        /// Closed when the last piece is sent or the client leaves.
        let descriptor: CInt
        var remaining: Int
        let removing: URL?
        var offset: Int
    }

    /// Sends a side route's file a megabyte at a time.
    private func send(_ file: SideResponse.File, from handle: FileHandle, remaining: Int, closing: Bool, context: ChannelHandlerContext) {
        let descriptor = dup(handle.fileDescriptor)
        try? handle.close()
        guard descriptor >= 0 else {
            try? FileManager.default.removeItem(at: file.url)
            sendingFile = false
            context.close(promise: nil)
            return
        }
        send(Pieces(descriptor: descriptor, remaining: remaining, removing: file.url, offset: 0),
             closing: closing, context: context)
    }

    /// Sends a file a megabyte at a time: each piece is read off the event loop, and the next
    /// only once the last was written, so a slow client holds one piece in memory, not the
    /// file. A side route's file is removed when it is sent or the client leaves.
    private func send(_ pieces: Pieces, closing: Bool, context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        DispatchQueue.global().async {
            let data = Self.read(pieces)
            loop.execute {
                let (handler, context) = bound.value
                func end(_ closing: Bool) {
                    _ = close(pieces.descriptor)
                    if let removing = pieces.removing { try? FileManager.default.removeItem(at: removing) }
                    handler.sendingFile = false
                    if closing { context.close(promise: nil) } else { handler.answerWaiting(closing: false, context: context) }
                }
                guard !data.isEmpty, context.channel.isActive else {
                    // The file is shorter than the length sent: the connection must end for the client to know.
                    end(true)
                    return
                }
                let next = Pieces(descriptor: pieces.descriptor, remaining: pieces.remaining - data.count, removing: pieces.removing,
                                  offset: pieces.offset + data.count)
                context.writeAndFlush(handler.wrapOutboundOut(ByteBuffer(bytes: data))).whenComplete { result in
                    let (handler, context) = bound.value
                    switch result {
                    case .failure: end(true)
                    case .success where next.remaining == 0: end(closing)
                    case .success: handler.send(next, closing: closing, context: context)
                    }
                }
            }
        }
    }

    /// The next piece of `pieces`, at most a megabyte; empty at the end or on a failed read.
    private static func read(_ pieces: Pieces) -> [UInt8] {
        guard pieces.remaining > 0 else { return [] }
        var data = [UInt8](repeating: 0, count: min(pieces.remaining, 1 << 20))
        var read = -1
        repeat {
            read = data.withUnsafeMutableBytes { pread(pieces.descriptor, $0.baseAddress, $0.count, off_t(pieces.offset)) }
        } while read < 0 && errno == EINTR
        data.removeLast(data.count - max(read, 0))
        return data
    }

    /// An upload that cannot be written where the routes spool bodies (a full disk).
    private static var unwritable: SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        return SiteAnswer(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), headers: headers, body: Array("The upload cannot be written on the server's disk\n".utf8))
    }

    private static func unwritableResponse(_ reason: String) -> SideResponse {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        return SideResponse(status: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), headers: headers,
                            body: ByteBuffer(string: "The upload could not be written on the server's disk: \(reason)\n"))
    }

    private static var busy: SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.retryAfter] = "5"
        return SiteAnswer(.serviceUnavailable, headers: headers, body: Array("Too many uploads at once; send it again in a moment\n".utf8))
    }

    private var tooSlow: SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        return SiteAnswer(.requestTimeout, headers: headers, body: Array(pace.refusal.utf8))
    }

    private static var tooLarge: SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        return SiteAnswer(.contentTooLarge, headers: headers, body: Array("Request body too large\n".utf8))
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
    private func refuse(_ answer: SiteAnswer, context: ChannelHandlerContext) {
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
    private func write(_ bytes: ByteBuffer, closing: Bool, context: ChannelHandlerContext) {
        guard closing else {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            return
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}
