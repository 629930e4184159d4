import Foundation
import HTTPTypes
import Hummingbird

/// The admins' account pages: the same changes `expo1900 users` makes, each recorded in the
/// audit log under the admin's name.
extension StudioRouter {
    func addAccounts(to signedIn: RouterGroup<StudioContext>) {
        let accounts = signedIn.group("/accounts").add(middleware: RequireCapability(capability: .manageAccounts))
        let page = AccountPages(state: state, museum: museum)
        accounts.get { _, context in page.response(context: context, user: try context.user()) }
        for action in ["add", "role", "password", "remove"] {
            accounts.post(RouterPath(action)) { request, context in
                try await page.change(action, request, context: context)
            }
        }
    }
}

/// The accounts page and its forms, in a studio of one catalog or a museum's (where a role
/// is given in every exhibition or in one of them).
private struct AccountPages: Sendable {
    let state: StudioState
    let museum: (any StudioExhibitions)?

    /// The museum's exhibitions as they are now; nil for one catalog.
    private var exhibitions: [String]? { museum.map { $0.exhibitions().map(\.name) } }

    func response(context: StudioContext, user: StudioUser, message: String? = nil, isAlert: Bool = false,
                  status: HTTPResponse.Status = .ok) -> Response {
        // The person may have changed their own account: the page shows what is so now.
        StudioPages.response(AccountsPage.html(context: context, user: user, accounts: (try? state.accounts()) ?? [], exhibitions: exhibitions,
                                               message: message, isAlert: isAlert), status: status)
    }

    func change(_ action: String, _ request: Request, context: StudioContext) async throws -> Response {
        let form = try await StudioForm(request, context: context)
        let user = try context.user()
        let words = StudioStrings.of(context.language)
        let name = String((form["name"] ?? "").prefix(256))
        let actor = user.account.name
        // Where the role applies: every exhibition (no field, or empty), or one the museum has.
        let place = form["exhibition"].flatMap { $0.isEmpty ? nil : $0 }
        if let place, !(exhibitions ?? []).contains(place) {
            return response(context: context, user: user, message: words["no_such_exhibition", ["name": String(place.prefix(64))]],
                            isAlert: true, status: .unprocessableContent)
        }
        let state = state
        do {
            switch action {
            case "add":
                let accountName = try AccountName(name)
                let role = Role(rawValue: form["role"] ?? "") ?? .contributor
                let password = try Password(form["password"] ?? "")
                // bcrypt's 100 ms and more, away from the threads that answer other requests.
                _ = try await StudioRouter.offThread {
                    try state.addAccount(accountName, role: role, in: place, password: password, by: actor)
                }
                return response(context: context, user: user, message: words["account_added", ["name": accountName.text]])
            case "role":
                let given = form["role"] ?? ""
                // "none" takes a role away, which only a museum's studio offers.
                guard let role = Role(rawValue: given).map(Optional.some) ?? (given == "none" && museum != nil ? .some(nil) : nil) else {
                    return StudioPages.problem(.badRequest, context: context, key: "bad_form")
                }
                try state.setRole(role, of: name, in: place, by: actor)
                return response(context: context, user: user, message: words["account_changed", ["name": name]])
            case "password":
                let password = try Password(form["password"] ?? "")
                try await StudioRouter.offThread { try state.setPassword(password, of: name, by: actor) }
                return response(context: context, user: user, message: words["account_changed", ["name": name]])
            default:
                try state.removeAccount(named: name, by: actor)
                return response(context: context, user: user, message: words["account_removed", ["name": name]])
            }
        } catch let error as StudioError {
            return response(context: context, user: user, message: error.description, isAlert: true, status: .unprocessableContent)
        }
    }
}
