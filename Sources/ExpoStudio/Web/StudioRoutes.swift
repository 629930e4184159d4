import ExpoServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// The studio at `/studio/`: Hummingbird's router with hummingbird-auth's sessions,
/// reached through the guide's server as its side routes, so that the guide's own pages
/// never pass through any of it.
public struct StudioRoutes: SideRoutes {
    /// What the studio's first page says of the guide.
    public struct GuideSummary: Sendable {
        public var exhibits: Int
        public var languages: [String]
        /// Whether the catalog has tours, and floors, whose texts can be edited.
        public var hasTours = false
        /// Whether the catalog has no list of floors yet, and the studio can begin one.
        public var takesFirstFloor = false
        public var hasFloors = false
        public init(exhibits: Int, languages: [String]) {
            self.exhibits = exhibits
            self.languages = languages
        }
    }

    /// How the studio is reached, which decides what a request's address and scheme are.
    public enum Transport: Sendable, Equatable {
        /// On this machine only, over plain HTTP.
        case loopback
        /// Over its own TLS: every request is HTTPS.
        case tls
        /// Behind a TLS proxy at this address, which says the client's address and scheme in
        /// `X-Forwarded-For` and `X-Forwarded-Proto`; those headers from anyone else are ignored.
        case proxy(String)
    }

    static let prefix = "/studio"
    static let bodyLimit = 1 << 20
    public var bodyLimit: Int { Self.bodyLimit }

    /// Photos and recordings are sent to `/studio/exhibits/ID/files`, a new floor's plan to
    /// `/studio/floors/new`, spreadsheets to `/studio/import`: only those routes take a large
    /// body, and only from a live session whose role may use the route. Without one, the
    /// usual limit holds, so a stranger's large body is refused at once and holds none of
    /// `LargeBodies`' room (two strangers announcing 256 MB each blocked every upload).
    public func bodyLimit(for head: HTTPRequestHead) -> Int {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard head.method == .POST, parts.count >= 3, parts[1] == "studio" else { return Self.bodyLimit }
        let media = parts.count == 5 && parts[2] == "exhibits" && parts[4] == "files"
        let needed: Role.Capability? = if media { .editDrafts }
            else if parts.count == 4 && parts[2] == "floors" && parts[3] == "new" { .editDrafts }
            else if parts.count == 3 && parts[2] == "import" { .importCatalog }
            else if parts.count == 4 && parts[2] == "exhibitions" && parts[3] == "new" && paths.isMuseum { .addExhibition }
            else { nil }
        guard let needed, let user = uploader(head), user.role.may(needed) else { return Self.bodyLimit }
        return media ? StudioRouter.mediaUploadLimit : StudioRouter.uploadLimit
    }

    /// The person whose session cookie the request carries, read at once on the event loop:
    /// two small reads of the state, only for an upload's head.
    private func uploader(_ head: HTTPRequestHead) -> StudioUser? {
        let pairs = head.headers[canonicalForm: "cookie"].flatMap { $0.split(separator: ";") }
        let prefix = StudioRouter.sessionCookie + "="
        guard let pair = pairs.lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { $0.hasPrefix(prefix) }),
              let session = SessionStore(state: state).current(String(pair.dropFirst(prefix.count))) else { return nil }
        return StudioRouter.user(for: session, state: state, security: security, paths: paths)
    }

    let state: StudioState
    let security: StudioSecurity
    let origins: StudioOrigins
    let responder: any HTTPResponder<StudioContext>
    let transport: Transport
    let logger: Logger
    /// Where its pages are; `/studio/` but for an exhibition of a folder.
    let paths: StudioPaths

    /// `usage`: the counts the dashboard shows; without it, those in the state's folder.
    /// `origins`: where forms may come from besides this machine's own names at the port it listens on.
    public init(state: StudioState, usage: UsageStore? = nil, transport: Transport, origins: StudioOrigins = StudioOrigins(), logger: Logger,
                throttle: LoginThrottle = LoginThrottle(), security: StudioSecurity = StudioSecurity(), guide: any StudioGuide) {
        GuideEditing.removeLeftovers(state: state)
        self.init(state: state, usage: usage ?? (try? UsageStore(folder: state.folder)), transport: transport, origins: origins, logger: logger,
                  throttle: throttle, security: security, guide: guide, paths: .catalog, museum: nil)
    }

    /// The studio of one exhibition of a folder (`paths` its own), or the museum's own pages
    /// (`museum`); `MuseumStudioRoutes` makes them and sends each request to its own.
    init(state: StudioState, usage: UsageStore?, transport: Transport, origins: StudioOrigins, logger: Logger,
         throttle: LoginThrottle, security: StudioSecurity, guide: (any StudioGuide)?, paths: StudioPaths, museum: (any StudioExhibitions)?) {
        self.transport = transport
        self.logger = logger
        self.state = state
        self.security = security
        self.origins = origins
        var paths = paths
        paths.keepsCounts = museum?.keepsCounts ?? (usage != nil)
        self.paths = paths
        var router = StudioRouter(state: state, throttle: throttle, security: security,
                                  editing: guide.map { GuideEditing(state: state, guide: $0) }, usage: usage, logger: logger)
        router.paths = paths
        router.museum = museum
        responder = router.build().buildResponder()
    }

    /// Set by a route whose answer is a temporary file (its path), never sent to the client.
    static let fileHeader = HTTPField.Name("x-studio-temporary-file")!
    /// Set by a route whose answer is part of a made recording or video: its offset, byte
    /// count and path. Never sent to the client.
    static let mediaHeader = HTTPField.Name("x-studio-media-file")!

    public func owns(path: String) -> Bool {
        path == Self.prefix || path.hasPrefix(Self.prefix + "/")
    }

    public func respond(to head: HTTPRequestHead, body: ByteBuffer, channel: any Channel) async -> SideResponse {
        await StudioPaths.$current.withValue(paths) { await answer(head, body: body, spooled: nil, channel: channel) }
    }

    /// Uploads are written to `incoming/` in the state folder as they arrive, never held in
    /// memory; what the studio keeps of them is copied from there into `uploads/`.
    public var spoolFolder: URL? { Self.spoolFolder(state: state) }

    static func spoolFolder(state: StudioState) -> URL { state.folder.appendingPathComponent("incoming") }

    public func respond(to head: HTTPRequestHead, spooled body: SpooledBody, channel: any Channel) async -> SideResponse {
        await StudioPaths.$current.withValue(paths) { await answer(head, body: ByteBuffer(), spooled: body, channel: channel) }
    }

    private func answer(_ head: HTTPRequestHead, body: ByteBuffer, spooled: SpooledBody?, channel: any Channel) async -> SideResponse {
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        let fromProxy: Bool = if case let .proxy(address) = transport { peer == address } else { false }
        let forwardedProto = head.headers.first(name: "x-forwarded-proto")?.lowercased()
        let secure = transport == .tls || (fromProxy && forwardedProto == "https")
        let request: HTTPRequest
        do {
            request = try HTTPRequest(head, secure: secure, splitCookie: false)
        } catch {
            return SideResponse(status: .badRequest, headers: StudioHeaders.fields)
        }
        var context = StudioContext(source: .init(channel: channel, logger: logger))
        context.isSecure = secure
        context.clientAddress = fromProxy
            ? head.headers[canonicalForm: "x-forwarded-for"].last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? peer
            : peer
        context.acceptedOrigins = origins.accepted(secure: secure, port: channel.localAddress?.port)
        context.language = StudioLanguage.preferred(head.headers.first(name: "accept-language"))
        context.spooled = spooled
        do {
            let response = try await responder.respond(to: Request(head: request, body: .init(buffer: body)), context: context)
            return try await Self.side(response, method: head.method)
        } catch {
            logger.error("studio: \(head.method.rawValue) \(head.uri): \(error)")
            // A page that says what went wrong, never an empty 500.
            var page = StudioFailures.page(for: error, context: context)
            for field in StudioHeaders.fields { page.headers[field.name] = field.value }
            return (try? await Self.side(page, method: head.method)) ?? SideResponse(status: page.status, headers: StudioHeaders.fields)
        }
    }

    /// Hummingbird's response as the server sends it: its body gathered, or the file it names.
    private static func side(_ response: Response, method: NIOHTTP1.HTTPMethod) async throws -> SideResponse {
        var collected = CollectedBody()
        try await response.body.write(collected.writer())
        var headers = response.headers
        headers[.contentLength] = nil
        if let media = headers[Self.mediaHeader] {
            headers[Self.mediaHeader] = nil
            let parts = media.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, let offset = Int(parts[0]), let count = Int(parts[1]) else {
                return SideResponse(status: .internalServerError, headers: headers)
            }
            var answer = SideResponse(status: response.status, headers: headers)
            // A HEAD is answered with the headers alone: the length a GET would get.
            if method == .GET { answer.file = .init(url: URL(fileURLWithPath: parts[2]), size: count, offset: offset, removing: false) }
            return answer
        }
        if let path = headers[Self.fileHeader] {
            // A file made for this answer (the catalog's zip), sent from disk in pieces.
            headers[Self.fileHeader] = nil
            let url = URL(fileURLWithPath: path)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            guard let size, method == .GET else {
                try? FileManager.default.removeItem(at: url)
                return SideResponse(status: size == nil ? .internalServerError : response.status, headers: headers)
            }
            var answer = SideResponse(status: response.status, headers: headers)
            answer.file = .init(url: url, size: size)
            return answer
        }
        return SideResponse(status: response.status, headers: headers, body: collected.buffer.withLockedValue { $0 })
    }
}
