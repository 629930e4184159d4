import ExpoServer
import ExpoSite
import ExpoStudio
import ExpoTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The guide's server with the studio beside it, on a free port of this machine, with a
/// state holding one account of each role (password `correct horse battery`) and a clock
/// the test moves.
final class LiveStudio: Sendable {
    static let password = "correct horse battery"

    let folder: TemporaryFolder
    let state: StudioState
    let clock: TestClock
    let port: Int
    let guide: TestGuide
    private let task: Task<Void, any Error>

    /// `files` are added to the guide's catalog (tours, floors …).
    init(security: StudioSecurity = StudioSecurity(), files: [String: String] = [:],
         transport: StudioRoutes.Transport = .loopback, origins: StudioOrigins = StudioOrigins(),
         pace: BodyPace = .standard) async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let state = try StudioState(folder: folder.url.appendingPathComponent("state"), creating: true) { clock.now }
        for (name, role) in [("anna", Role.admin), ("ben", .editor), ("chae", .contributor)] {
            try state.addAccount(AccountName(name), role: role, password: Password(Self.password), by: "test")
        }
        let logger = Logger(label: "studio-test", factory: { _ in SwiftLogNoOpLogHandler() })
        let guide = try TestGuide(files: files)
        let routes = StudioRoutes(state: state, transport: transport, origins: origins, logger: logger, throttle: LoginThrottle { clock.now },
                                  security: security, guide: guide)
        let responder = SiteResponder(site: guide.currentSite()!, logger: logger, side: routes)
        guide.bind(responder)
        let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
        let server = try ExpoServer.makeServer(responder: responder, configuration: .init(port: 0, uploadPace: pace), logger: logger) { url in
            continuation.yield(url)
        }
        task = Task {
            try await ServiceGroup(configuration: .init(services: [server], logger: logger)).run()
        }
        var iterator = addresses.makeAsyncIterator()
        guard let url = await iterator.next(), let port = Int(url.split(separator: ":").last ?? "") else {
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.folder = folder
        self.guide = guide
        self.state = state
        self.clock = clock
        self.port = port
    }

    var http: RawHTTP { RawHTTP(port: port) }
    var origin: String { "http://127.0.0.1:\(port)" }

    func advance(_ seconds: TimeInterval) {
        clock.advance(seconds)
    }

    /// The login form's token and its cookie.
    func loginForm() async throws -> (token: String, cookie: String) {
        let page = try await http.send("GET", "/studio/login")
        return (try Self.token(in: page.body), page.cookie("studio_login") ?? "")
    }

    /// Logs in; the session cookie's value, or nil with the answer when it did not work.
    func logIn(_ name: String, password: String = LiveStudio.password,
               headers more: [(String, String)] = []) async throws -> (session: String?, answer: RawHTTP.Answer) {
        let (token, cookie) = try await loginForm()
        let answer = try await http.send("POST", "/studio/login", headers: [
            ("Origin", origin), ("Cookie", "studio_login=\(cookie)"), ("Content-Type", "application/x-www-form-urlencoded"),
        ] + more, body: RawHTTP.form([("form_token", token), ("name", name), ("password", password)]))
        return (answer.cookie("studio_session"), answer)
    }

    /// A page's form token.
    static func token(in html: String) throws -> String {
        guard let start = html.range(of: "name=\"form_token\" value=\""),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { throw POSIXError(.ENOENT) }
        return String(html[start.upperBound..<end])
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
        folder.remove()
    }
}

/// A clock that stands still until a test moves it.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
