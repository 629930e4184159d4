import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers from files: a media file's part with `sendfile` or read with its headers, and a side
/// route's file (the studio's zip) a megabyte at a time.
extension SiteRequestHandler {
    /// A recording's or a video's answer: the headers, then the part of its file. The file is
    /// opened first, so that one gone from the cache gets a 500, not headers and then nothing.
    /// With `sendfile` the kernel copies the bytes from the page cache to the socket as it
    /// drains, so 32 clients fetching a video hold no more memory than one; behind TLS the
    /// file is read a megabyte at a time instead.
    func send(_ answer: SiteAnswer, file: SiteAnswer.FilePart, closing: Bool, context: ChannelHandlerContext) {
        // A served page's file is kept open (`OpenMedia`); any other is opened for this answer.
        let kept = sendsFiles ? file.open?.handle(on: context.eventLoop) : nil
        let descriptor = kept == nil ? open(file.path, O_RDONLY | O_CLOEXEC) : -1
        guard kept != nil || descriptor >= 0 else {
            responder.fileMissing(file.path)
            let failed = SiteAnswer.plain(.internalServerError, "The file could not be read.\n")
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

    static let cork = ChannelOptions.Types.SocketOption(level: .tcp, name: NIOBSDSocket.Option(rawValue: TCP_CORK))

    /// The largest part read into memory to be sent: at 64 connections, 16 MB at most in flight.
    static let readLimit = 256 << 10

    /// The part `file` names, read whole from the kept descriptor or the one just opened
    /// (which is then closed); nil when fewer bytes than that could be read.
    static func read(_ file: SiteAnswer.FilePart, kept: NIOFileHandle?, descriptor: CInt,
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
    struct Pieces {
        /// Closed when the last piece is sent or the client leaves.
        let descriptor: CInt
        var remaining: Int
        let removing: URL?
        var offset: Int
    }

    /// Sends a side route's file a megabyte at a time.
    func send(_ file: SideResponse.File, from handle: FileHandle, remaining: Int, closing: Bool, context: ChannelHandlerContext) {
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
    func send(_ pieces: Pieces, closing: Bool, context: ChannelHandlerContext) {
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
    static func read(_ pieces: Pieces) -> [UInt8] {
        guard pieces.remaining > 0 else { return [] }
        var data = [UInt8](repeating: 0, count: min(pieces.remaining, 1 << 20))
        var read = -1
        repeat {
            read = data.withUnsafeMutableBytes { pread(pieces.descriptor, $0.baseAddress, $0.count, off_t(pieces.offset)) }
        } while read < 0 && errno == EINTR
        data.removeLast(data.count - max(read, 0))
        return data
    }
}
