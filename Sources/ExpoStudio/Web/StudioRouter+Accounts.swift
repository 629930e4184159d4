import Foundation
import HTTPTypes
import Hummingbird

/// The admins' account pages: the same changes `expo1900 users` makes, each recorded in the
/// audit log under the admin's name.
extension StudioRouter {
    func addAccounts(to signedIn: RouterGroup<StudioContext>) {
        let accounts = signedIn.group("/accounts").add(middleware: RequireCapability(capability: .manageAccounts))
        accounts.get { [state] _, context in
            StudioPages.response(AccountsPage.html(context: context, user: try context.user(), accounts: try state.accounts()))
        }
        for action in ["add", "role", "password", "remove"] {
            accounts.post(RouterPath(action)) { [state] request, context in
                try await Self.change(action, request, context: context, state: state)
            }
        }
    }

    private static func change(_ action: String, _ request: Request, context: StudioContext, state: StudioState) async throws -> Response {
        let form = try await StudioForm(request, context: context)
        let user = try context.user()
        let words = StudioStrings.of(context.language)
        let name = String((form["name"] ?? "").prefix(256))
        let actor = user.account.name
        do {
            switch action {
            case "add":
                let accountName = try AccountName(name)
                let role = Role(rawValue: form["role"] ?? "") ?? .contributor
                let password = try Password(form["password"] ?? "")
                // bcrypt's 100 ms and more, away from the threads that answer other requests.
                _ = try await offThread { try state.addAccount(accountName, role: role, password: password, by: actor) }
                return done(words["account_added", ["name": accountName.text]], context: context, user: user, state: state)
            case "role":
                guard let role = Role(rawValue: form["role"] ?? "") else { return StudioPages.problem(.badRequest, context: context, key: "bad_form") }
                try state.setRole(role, of: name, by: actor)
                return done(words["account_changed", ["name": name]], context: context, user: user, state: state)
            case "password":
                let password = try Password(form["password"] ?? "")
                try await offThread { try state.setPassword(password, of: name, by: actor) }
                return done(words["account_changed", ["name": name]], context: context, user: user, state: state)
            default:
                try state.removeAccount(named: name, by: actor)
                return done(words["account_removed", ["name": name]], context: context, user: user, state: state)
            }
        } catch let error as StudioError {
            return StudioPages.response(AccountsPage.html(context: context, user: user, accounts: try state.accounts(),
                                                          message: error.description, isAlert: true), status: .unprocessableContent)
        }
    }

    private static func done(_ message: String, context: StudioContext, user: StudioUser, state: StudioState) -> Response {
        // The person may have changed their own account: the page shows what is so now.
        StudioPages.response(AccountsPage.html(context: context, user: user, accounts: (try? state.accounts()) ?? [], message: message))
    }
}
