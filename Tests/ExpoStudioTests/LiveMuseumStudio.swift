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
final class LiveMuseumStudio: Sendable {
    let folder: TemporaryFolder
    let state: StudioState
    let port: Int
    let routes: MuseumStudioRoutes
    let listed: Listed
    /// The exhibitions' guides by name, those added in a test too.
    var guides: [String: TestGuide] { listed.guides.withLock { $0 } }
    private let task: Task<Void, any Error>

    /// `counting`: each exhibition counts into its own store, `state/counts/NAME.sqlite`, the
    /// exhibitions sharing one allowance of `rate` events a minute per address.
    init(counting: Bool = false, rate: Int = 0) async throws {
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
        for name in ["korea", "paris"] { guides[name] = try TestGuide(exhibition: name, counts: counting) }
        let root = folder.url.appendingPathComponent("catalogs", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var recorders: [String: UsageRecorder] = [:]
        if counting {
            // One minute throughout: the allowance is emptied when the clock's minute turns, which
            // once fell between a test's four events on a loaded machine.
            let limit = UsageRateLimit(perMinute: rate, now: { 0 })
            for name in guides.keys {
                let store = try UsageStore(folder: state.folder.appendingPathComponent("counts"), fileName: "\(name).sqlite")
                recorders[name] = try UsageRecorder(state: store, logger: logger, rate: limit)
            }
        }
        let listed = Listed(guides: guides, root: root, recorders: recorders)
        let kept = recorders
        let tallies: @Sendable (String) -> UsageTally? = { name in kept[name]?.tally }
        self.listed = listed
        self.state = state
        self.folder = folder
        routes = MuseumStudioRoutes(state: state, exhibitions: listed, transport: .loopback, logger: logger,
                                        throttle: LoginThrottle { clock.now })
        let responder = try SiteResponder(museum: MuseumDescription(), exhibitions: guides.keys.sorted().map { name in
            SiteResponder.Exhibition(name: name, site: guides[name]!.currentSite())
        }, logger: logger, side: routes, usage: counting ? tallies : nil)
        for guide in guides.values { guide.bind(responder) }
        listed.responder.withLock { $0 = responder }
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

    /// The exhibitions as the studio is given them, by name (korea, then paris); one added
    /// from the studio is moved into `root` and served as `serve --catalogs` would.
    final class Listed: StudioExhibitions {
        let guides: Mutex<[String: TestGuide]>
        let root: URL
        let responder = Mutex<SiteResponder?>(nil)
        /// Each exhibition's counts, when the museum counts.
        let recorders: [String: UsageRecorder]

        init(guides: [String: TestGuide], root: URL, recorders: [String: UsageRecorder] = [:]) {
            self.guides = Mutex(guides)
            self.root = root
            self.recorders = recorders
        }

        func counts(of name: String) -> UsageStore? {
            recorders[name]?.store
        }

        var keepsCounts: Bool { !recorders.isEmpty }

        func exhibitions() -> [StudioExhibition] {
            let guides = guides.withLock { $0 }
            return guides.keys.sorted().map { StudioExhibition(name: $0, guide: guides[$0]) }
        }

        /// What the IIIF importer was asked for; it writes the seed catalog, or fails for an address with "fail" in it.
        let imported = Mutex<[String]>([])

        func importIIIF(from address: String, into folder: URL) async -> String? {
            imported.withLock { $0.append(address) }
            if address.contains("fail") { return "the collection answered 404" }
            let seed = guides.withLock { $0["korea"]!.url }
            do { try FileManager.default.copyItem(at: seed, to: folder) } catch { return "\(error)" }
            return nil
        }

        func add(_ name: String, from staged: URL) -> String? {
            do {
                let url = root.appendingPathComponent(name, isDirectory: true)
                try FileManager.default.moveItem(at: staged, to: url)
                let guide = try TestGuide(at: url, exhibition: name)
                guard let responder = responder.withLock({ $0 }) else { return "not serving" }
                try responder.replace(exhibition: name, with: guide.currentSite())
                guide.bind(responder)
                guides.withLock { $0[name] = guide }
                return nil
            } catch {
                return "\(error)"
            }
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
