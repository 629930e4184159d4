import ExpoServer
import Hummingbird
import HummingbirdAuth
import NIOCore

/// A studio request's context: its session (hummingbird-auth), the person once known,
/// and what the connection says about where it came from.
public struct StudioContext: AuthRequestContext, SessionRequestContext, RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: StudioUser?
    public let sessions: SessionContext<StudioSession>
    /// Whether the request reached the studio over HTTPS (its own TLS, or a trusted proxy's).
    public var isSecure = false
    /// The address the request came from (the proxy's client, behind a trusted proxy).
    public var clientAddress = "unknown"
    /// The origins a form may come from, as a browser names them in `Origin` (`StudioOrigins`).
    public var acceptedOrigins: Set<String> = []
    /// The interface language the request asked for.
    public var language = StudioLanguage.korean
    /// A form of files, read once by `FormGuard` (which checks its token) for the route.
    var upload: UploadForm?
    /// The request's body as the server wrote it to a file while it arrived (an upload);
    /// the request's own body is then empty.
    var spooled: SpooledBody?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        sessions = .init()
    }

    /// The person; the routes behind `RequireAccount` are only reached with one.
    func user() throws -> StudioUser {
        guard let identity else { throw HTTPError(.unauthorized) }
        return identity
    }
}
