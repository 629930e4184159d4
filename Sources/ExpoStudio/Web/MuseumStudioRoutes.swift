import ExpoServer
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The studio of a folder of exhibitions (`studio --catalogs`): the museum's own pages at
/// `/studio/` (log in, the exhibitions a person works on, accounts, the whole audit log), and
/// each exhibition's studio at `/studio/e/NAME/`, the same pages as a studio of one catalog,
/// with that exhibition's drafts, history and audit lines. One set of accounts and sessions
/// for all; a person reaches an exhibition's pages only with a role in it.
public final class MuseumStudioRoutes: SideRoutes {
    private let museum: StudioRoutes
    private let exhibitions: any StudioExhibitions
    private let make: @Sendable (String, any StudioGuide) -> StudioRoutes
    /// Each exhibition's studio, made when first asked for, and made again for a new guide
    /// (an exhibition that could not be loaded and now can).
    private let built = Mutex<[String: (guide: ObjectIdentifier, routes: StudioRoutes)]>([:])

    public init(state: StudioState, exhibitions: any StudioExhibitions, transport: StudioRoutes.Transport, origins: StudioOrigins = StudioOrigins(),
                logger: Logger, throttle: LoginThrottle = LoginThrottle(), security: StudioSecurity = StudioSecurity()) {
        GuideEditing.removeLeftovers(state: state)
        self.exhibitions = exhibitions
        museum = StudioRoutes(state: state, usage: nil, transport: transport, origins: origins, logger: logger, throttle: throttle,
                              security: security, guide: nil, paths: .museum, museum: exhibitions)
        make = { name, guide in
            StudioRoutes(state: state.scoped(to: name), usage: exhibitions.counts(of: name), transport: transport, origins: origins, logger: logger, throttle: throttle,
                         security: security, guide: guide, paths: .exhibition(name), museum: nil)
        }
    }

    public var bodyLimit: Int { StudioRoutes.bodyLimit }

    public func owns(path: String) -> Bool { museum.owns(path: path) }

    public func bodyLimit(for head: HTTPRequestHead) -> Int {
        guard let (routes, inner) = exhibition(of: head), let inner else { return museum.bodyLimit(for: head) }
        return routes.bodyLimit(for: inner)
    }

    public func respond(to head: HTTPRequestHead, body: ByteBuffer, channel: any Channel) async -> SideResponse {
        await dispatch(head) { routes, head in await routes.respond(to: head, body: body, channel: channel) }
    }

    /// One folder for every exhibition's uploads as they arrive: the museum's state folder's.
    public var spoolFolder: URL? { museum.spoolFolder }

    public func respond(to head: HTTPRequestHead, spooled body: SpooledBody, channel: any Channel) async -> SideResponse {
        await dispatch(head) { routes, head in await routes.respond(to: head, spooled: body, channel: channel) }
    }

    /// The answer of the studio the request is for, by `answer`: the museum's own or an exhibition's.
    private func dispatch(_ head: HTTPRequestHead, _ answer: (StudioRoutes, HTTPRequestHead) async -> SideResponse) async -> SideResponse {
        guard let (routes, inner) = exhibition(of: head) else { return await answer(museum, head) }
        guard let inner else {
            // `/studio/e/NAME`: its first page ends in a slash, where its links are relative to.
            var headers = StudioHeaders.fields
            let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            headers[.location] = parts[0] + "/" + (parts.count > 1 ? "?" + parts[1] : "")
            return SideResponse(status: .movedPermanently, headers: headers)
        }
        return await answer(routes, inner)
    }

    /// The exhibition's studio a request is for, and the request as that studio's router
    /// reads it (`/studio/e/NAME/exhibits/1` as `/studio/exhibits/1`); nil for the museum's own
    /// pages and for an exhibition there is none of, which the museum's pages answer (404).
    /// The request as nil: `/studio/e/NAME` without the slash after.
    private func exhibition(of head: HTTPRequestHead) -> (StudioRoutes, HTTPRequestHead?)? {
        let prefix = StudioPaths.exhibitionsPrefix
        guard head.uri.hasPrefix(prefix) else { return nil }
        let rest = head.uri.dropFirst(prefix.count)
        // `/studio/e/NAME` with nothing after: its first page, which ends in a slash.
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let name = String(rest[..<end])
        guard !name.isEmpty, let routes = routes(for: name) else { return nil }
        guard end < rest.endIndex, rest[end] == "/" else { return (routes, nil) }
        var inner = head
        inner.uri = StudioRoutes.prefix + String(rest[end...])
        return (routes, inner)
    }

    private func routes(for name: String) -> StudioRoutes? {
        guard let guide = exhibitions.exhibitions().first(where: { $0.name == name })?.guide else { return nil }
        let id = ObjectIdentifier(guide as AnyObject)
        return built.withLock { built in
            if let existing = built[name], existing.guide == id { return existing.routes }
            let routes = make(name, guide)
            built[name] = (id, routes)
            return routes
        }
    }
}
