import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The connections of Hummingbird's server, handled by NIO handlers of our own
/// (`ConnectionFront`, then `SiteRequestHandler` behind NIO's decoder). Every page is
/// already in memory and every media file on disk, so an answer is written from the event loop that read the request: no task, no async
/// sequence, no hop between threads, no header encoding.
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
            let site = SiteRequestHandler(responder: responder, pace: pace, sendsFiles: sendsFiles)
            try channel.pipeline.syncOperations.addHandlers([
                // Reads and answers a page's request itself; hands anything else to the two after it.
                ConnectionFront(responder: responder, site: site, idleTimeout: idleTimeout),
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)),
                site,
            ])
            return Value(channel: channel)
        }
    }

    /// Hummingbird's server waits on this for each connection when it stops.
    func handle(value: Value, logger: Logger) async {
        try? await value.channel.closeFuture.get()
    }
}
