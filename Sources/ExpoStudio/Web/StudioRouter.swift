import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging

/// The studio's routes and the middleware every request passes: headers, session,
/// the form guard, and the person behind the session. A route that needs a person is
/// in `signedIn`, which answers for itself when there is none.
struct StudioRouter: Sendable {
    static let sessionCookie = "studio_session"

    let state: StudioState
    let throttle: LoginThrottle
    let security: StudioSecurity
    /// The catalog's edits; nil on a museum's own pages, which edit none.
    let editing: GuideEditing?
    /// The counts the dashboard reads; nil when their file could not be opened (the dashboard says so).
    let usage: UsageStore?
    let logger: Logger
    /// Where its pages are: the one catalog's studio, the museum's own pages, or one exhibition's.
    var paths = StudioPaths.catalog
    /// The exhibitions of a museum's studio, for its own pages (nil for the one catalog's and
    /// an exhibition's).
    var museum: (any StudioExhibitions)?

    func build() -> Router<StudioContext> {
        let router = Router(context: StudioContext.self)
        router.add(middleware: StudioHeaders())
        router.add(middleware: StudioFailures())
        router.add(middleware: SessionMiddleware(storage: SessionStore(state: state, logger: logger), configuration: .init(
            sessionCookieParameters: .init(name: Self.sessionCookie, path: "/studio", secure: false, sameSite: .strict),
            keyPrefix: "", defaultSessionExpiration: security.idle)))
        router.add(middleware: FormGuard())
        router.add(middleware: SessionAuthenticator(context: StudioContext.self) { [state, security, paths] session, _ in
            Self.user(for: session, state: state, security: security, paths: paths)
        })
        if let exhibition = paths.exhibition {
            router.add(middleware: RequireRoleHere(exhibition: exhibition, state: state, security: security))
        }
        router.get("/studio/assets/:name") { _, context in
            guard let response = StudioAssets.response(try context.parameters.require("name")) else {
                return StudioPages.problem(.notFound, context: context)
            }
            return response
        }
        router.get("/studio/login") { _, context in
            // Someone logged in already goes on: a login form posted in a live session would be
            // refused, its token being the session's rather than the form's.
            context.identity != nil ? StudioPages.redirect(to: StudioPaths.root) : loginForm(context: context)
        }
        router.post("/studio/login") { request, context in try await logIn(request, context: context) }
        let signedIn = router.group("/studio").add(middleware: RequireAccount(idle: security.idle))
        if let museum {
            signedIn.get("/") { [state] request, context in
                StudioPages.response(ExhibitionsPage.html(context: context, user: try context.user(), exhibitions: museum.exhibitions(),
                                                          state: state, done: request.uri.queryParameters["done"].map(String.init)))
            }
        } else {
            addHome(to: signedIn)
        }
        signedIn.post("/logout") { _, context in try logOut(context: context) }
        signedIn.group("/audit").add(middleware: RequireCapability(capability: .readAuditLog)).get { _, context in
            StudioPages.response(AuditPage.html(context: context, user: try context.user(), entries: try state.auditLog()))
        }
        // Only where there is a catalog to edit: not on a museum's own pages.
        addEditing(to: signedIn)
        addImport(to: signedIn)
        // Each exhibition's dashboard, and on the museum's pages all of them side by side.
        addUsage(to: signedIn)
        addMuseumUsage(to: signedIn)
        addNewExhibition(to: signedIn)
        // Accounts are the museum's, managed on its own pages only.
        if paths.exhibition == nil { addAccounts(to: signedIn) }
        return router
    }

    private func addHome(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.get("/") { [editing] _, context in
            let catalog = editing.guide.watchedLoad().catalog
            var summary = StudioRoutes.GuideSummary(exhibits: catalog.exhibitCount, languages: catalog.languages.map(\.code))
            summary.hasTours = !catalog.primary.tours.isEmpty
            summary.hasFloors = !catalog.primary.floors.isEmpty
            summary.takesFirstFloor = editing.takesFirstFloor
            return StudioPages.response(HomePage.html(context: context, user: try context.user(), guide: summary,
                                                      drafts: try editing.state.drafts().count))
        }
    }

    /// The person a session belongs to, with their role where `paths` are, or nil when the
    /// session is over or they have no role there.
    static func user(for session: StudioSession, state: StudioState, security: StudioSecurity, paths: StudioPaths) -> StudioUser? {
        guard let account = liveAccount(for: session, state: state, security: security),
              let role = role(of: account, at: paths) else { return nil }
        return StudioUser(account: account, role: role, formToken: session.formToken)
    }

    /// The account a session belongs to, or nil when the session is over: the account is
    /// gone, logged out or given a new password since (its epoch moved on), or the session
    /// is older than the absolute limit.
    static func liveAccount(for session: StudioSession, state: StudioState, security: StudioSecurity) -> Account? {
        guard state.now().timeIntervalSince(session.started) < TimeInterval(security.absolute.components.seconds),
              let account = try? state.account(id: session.account), account.sessionEpoch == session.epoch else { return nil }
        return account
    }

    /// What `account` may do where `paths` are. On a museum's own pages, what their role in
    /// every exhibition allows; someone with roles in some exhibitions only may see which,
    /// as a contributor may, and go into them.
    static func role(of account: Account, at paths: StudioPaths) -> Role? {
        if paths.isMuseum { return account.role ?? (account.exhibitionRoles.isEmpty ? nil : .contributor) }
        return account.role(in: paths.exhibition)
    }

    private func loginForm(context: StudioContext, name: String = "", message: String? = nil,
                           status: HTTPResponse.Status = .ok) -> Response {
        let token = FormGuard.newToken()
        var response = StudioPages.response(LoginPage.html(context: context, token: token, name: name, message: message), status: status)
        response.headers[values: .setCookie].append(
            Cookie(name: FormGuard.loginCookie, value: token, path: "/studio", secure: false, httpOnly: true, sameSite: .strict).description)
        return response
    }

    private func logIn(_ request: Request, context: StudioContext) async throws -> Response {
        let form = try await StudioForm(request, context: context)
        let name = String((form["name"] ?? "").prefix(256))
        let password = form["password"] ?? ""
        let words = StudioStrings.of(context.language)
        // The name as compared (trimmed, NFKC, case folded): " TV" and "ｔｖ" count as "tv".
        let keys = ["name " + AccountName.canonical(name), "address " + context.clientAddress]
        let wait = throttle.wait(for: keys)
        guard wait == 0 else {
            return loginForm(context: context, name: name, message: words["slowed_down", ["seconds": String(wait)]], status: .tooManyRequests)
        }
        // bcrypt's 100 ms and more, away from the threads that answer other requests.
        let account = try await Self.offThread { [state] in try state.authenticate(name: name, password: password) }
        guard let account else {
            throttle.failed(keys)
            try state.record(.loginFailed, account: String(name.prefix(64)), detail: "from \(context.clientAddress)", actor: "studio")
            return loginForm(context: context, name: name, message: words["wrong_login"], status: .unauthorized)
        }
        throttle.succeeded(keys)
        guard Self.role(of: account, at: paths) != nil else {
            try state.record(.loginFailed, account: account.name, detail: "from \(context.clientAddress): no role in this catalog", actor: "studio")
            return loginForm(context: context, name: name, message: words["no_role_here"], status: .forbidden)
        }
        context.sessions.createSession(
            StudioSession(account: account.id, epoch: account.sessionEpoch, started: state.now(), formToken: FormGuard.newToken()),
            expiresIn: security.idle)
        try state.record(.loggedIn, account: account.name, detail: "from \(context.clientAddress)", actor: account.name)
        var response = StudioPages.redirect(to: StudioPaths.root)
        response.headers[values: .setCookie].append(
            Cookie(name: FormGuard.loginCookie, value: "", maxAge: 0, path: "/studio", secure: false, httpOnly: true, sameSite: .strict).description)
        return response
    }

    private func logOut(context: StudioContext) throws -> Response {
        let user = try context.user()
        try state.endSessions(of: user.account, action: .loggedOut)
        context.sessions.clearSession()
        return StudioPages.redirect(to: "/studio/login")
    }

    static func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// Lets a request through only with a person behind its session, and keeps the session
/// alive for another idle period. Without one, a page asks to log in and a form is refused.
struct RequireAccount: RouterMiddleware {
    typealias Context = StudioContext
    let idle: Duration

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        guard context.identity != nil, let session = context.sessions.session else {
            if request.method == .get || request.method == .head { return StudioPages.redirect(to: "/studio/login") }
            return StudioPages.problem(.unauthorized, context: context)
        }
        _ = context.sessions.updateSession(session, expiresIn: idle)
        return try await next(request, context)
    }
}

/// Turns away, on every route of an exhibition's studio, someone logged in who has no role in
/// it: a page that says so (403), not the login form they have already passed.
struct RequireRoleHere: RouterMiddleware {
    typealias Context = StudioContext
    let exhibition: String
    let state: StudioState
    let security: StudioSecurity

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        if context.identity == nil, let session = context.sessions.session,
           let account = StudioRouter.liveAccount(for: session, state: state, security: security), account.role(in: exhibition) == nil {
            return StudioPages.problem(.forbidden, context: context, key: "no_role_in_exhibition")
        }
        return try await next(request, context)
    }
}
