import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// Requests under one path prefix (the studio's `/studio/`) that the guide's own handler
/// passes on whole, body included, to a responder that may take its time: a router, a
/// database, a password's hash. Every other request stays on the guide's path, which
/// answers from memory on the event loop and is never slowed by this one.
public protocol SideRoutes: Sendable {
    /// Whether a request for `path` (without its query) goes here.
    func owns(path: String) -> Bool
    /// The largest body accepted; a longer one gets 413 and ends its connection.
    var bodyLimit: Int { get }
    /// The largest body accepted for this request (an upload's route takes more than a
    /// form's). A body over `bodyLimit` must say its length first, and is held only while
    /// `LargeBodies` has room for it.
    func bodyLimit(for head: HTTPRequestHead) -> Int
    /// The answer to one request. `channel` is the connection's (its addresses, its event loop).
    func respond(to head: HTTPRequestHead, body: ByteBuffer, channel: any Channel) async -> SideResponse
    /// Where a large body (one over `bodyLimit`) is written as it arrives, instead of being
    /// held in memory; nil to hold it. Answered by `respond(to:spooled:channel:)`.
    var spoolFolder: URL? { get }
    /// The answer to a request whose large body was written to a file; the file is removed
    /// once this returns.
    func respond(to head: HTTPRequestHead, spooled body: SpooledBody, channel: any Channel) async -> SideResponse
}

extension SideRoutes {
    public func bodyLimit(for head: HTTPRequestHead) -> Int { bodyLimit }

    public var spoolFolder: URL? { nil }

    /// Without a way of its own, the body is read back and answered as if held.
    public func respond(to head: HTTPRequestHead, spooled body: SpooledBody, channel: any Channel) async -> SideResponse {
        let bytes = (try? Data(contentsOf: body.url)).map { ByteBuffer(bytes: $0) } ?? ByteBuffer()
        return await respond(to: head, body: bytes, channel: channel)
    }
}

/// A side route's answer: the server adds the status line, Date and Content-Length.
public struct SideResponse: Sendable {
    /// A file sent as the body in pieces: a catalog's zip, removed once sent, or a part of a
    /// made video the preview plays, which stays.
    public struct File: Sendable {
        public let url: URL
        /// How many bytes are sent, from `offset`.
        public let size: Int
        public let offset: Int
        /// Whether the file is removed once sent (one made for this answer).
        public let removing: Bool

        public init(url: URL, size: Int, offset: Int = 0, removing: Bool = true) {
            self.url = url
            self.size = size
            self.offset = offset
            self.removing = removing
        }
    }

    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: ByteBuffer
    /// When set, the body is this file, not `body`.
    public var file: File?

    public init(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
