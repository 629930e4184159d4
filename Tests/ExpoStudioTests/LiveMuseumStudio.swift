import ExpoCatalog
import ExpoServer
import ExpoSite
import ExpoStudio
import ExpoTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A museum of two exhibitions, `korea` and `paris` (each the seed catalog), served with the
/// studio of them both on a free port: `anna` is admin of every exhibition, `ben` editor of
/// every one, `kim` editor in korea only and `lee` contributor in paris only (password
/// `correct horse battery`).
final class LiveMuseumStudio: Sendable, StudioExhibitions {
    let folder: TemporaryFolder
    let state: StudioState
    let port: Int
    let guides: [String: TestGuide]
    let routes: MuseumStudioRoutes
    private let task: Task<Void, any Error>

    init() async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let state = try StudioState(folder: folder.url.appendingPathComponent("state"), creating: true) { clock.now }
        let password = try Password(LiveStudio.password)
        try state.addAccount(AccountName("anna"), role: .admin, password: password, by: "test")
        try state.addAccount(AccountName("ben"), role: .editor, password: password, by: "test")
        try state.addAccount(AccountName("kim"), role: .editor, in: "korea", password: password, by: "test")
        try state.addAccount(AccountName("lee"), role: .contributor, in: "paris", password: password, by: "test")
        let logger = Logger(label: "museum-studio-test", factory: { _ in SwiftLogNoOpLogHandler() })
        var guides: [String: TestGuide] = [:]
        for name in ["korea", "paris"] { guides[name] = try TestGuide(exhibition: name) }
        self.guides = guides
        self.state = state
        self.folder = folder
        routes = MuseumStudioRoutes(state: state, exhibitions: Listed(guides: guides), transport: .loopback, logger: logger,
                                        throttle: LoginThrottle { clock.now })
        let responder = try SiteResponder(museum: MuseumDescription(), exhibitions: guides.keys.sorted().map { name in
            SiteResponder.Exhibition(name: name, site: guides[name]!.currentSite())
        }, logger: logger, side: routes)
        for guide in guides.values { guide.bind(responder) }
        let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
        let server = try ExpoServer.makeServer(responder: responder, configuration: .init(port: 0), logger: logger) { url in
            continuation.yield(url)
        }
        task = Task { try await ServiceGroup(configuration: .init(services: [server], logger: logger)).run() }
        var iterator = addresses.makeAsyncIterator()
        guard let url = await iterator.next(), let port = Int(url.split(separator: ":").last ?? "") else {
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.port = port
    }

    func exhibitions() -> [StudioExhibition] { Listed(guides: guides).exhibitions() }

    /// The exhibitions as the studio is given them: korea, then paris.
    struct Listed: StudioExhibitions {
        let guides: [String: TestGuide]
        func exhibitions() -> [StudioExhibition] {
            guides.keys.sorted().map { StudioExhibition(name: $0, guide: guides[$0]) }
        }
    }

    var http: RawHTTP { RawHTTP(port: port) }
    var origin: String { "http://127.0.0.1:\(port)" }

    /// A signed-in person's requests, as `StudioEditingTests` makes them.
    func person(_ name: String) async throws -> StudioEditingTests.Person {
        let (token, cookie) = try await loginForm()
        let answer = try await http.send("POST", "/studio/login", headers: [
            ("Origin", origin), ("Cookie", "studio_login=\(cookie)"), ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: RawHTTP.form([("form_token", token), ("name", name), ("password", LiveStudio.password)]))
        guard let session = answer.cookie("studio_session") else { throw POSIXError(.EACCES) }
        return StudioEditingTests.Person(http: http, origin: origin, session: session)
    }

    /// The page at `path` as `name` sees it.
    func get(_ name: String, _ path: String) async throws -> RawHTTP.Answer {
        try await person(name).get(path)
    }

    private func loginForm() async throws -> (token: String, cookie: String) {
        let page = try await http.send("GET", "/studio/login")
        return (try LiveStudio.token(in: page.body), page.cookie("studio_login") ?? "")
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
        folder.remove()
    }
}
