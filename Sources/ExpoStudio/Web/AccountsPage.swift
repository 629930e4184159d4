import Foundation

/// The accounts, for admins: who may work on the guide and as what, with the forms that add
/// an account, change a role, set a password and remove one (as `expo1900 users` does).
enum AccountsPage {
    static func html(context: StudioContext, user: StudioUser, accounts: [Account], message: String? = nil, isAlert: Bool = false) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let token = StudioPages.tokenField(user.formToken)
        func roleOptions(_ selected: Role?) -> String {
            Role.allCases.map { role in
                "<option value=\"\(role.rawValue)\"\(role == selected ? " selected" : "")>\(e(words.role(role)))</option>"
            }.joined()
        }
        let rows = accounts.enumerated().map { index, account in
            let name = e(account.name)
            return """
                <tr><th scope="row">\(name)</th><td>\(e(words.role(account.role)))</td>\
                <td><form method="post" action="/studio/accounts/role">\(token)<input type="hidden" name="name" value="\(name)">\
                <label class="quiet" for="role-\(index)">\(e(words["account_role_of", ["name": account.name]]))</label>\
                <select id="role-\(index)" name="role">\(roleOptions(account.role))</select> \
                <button type="submit" class="secondary">\(e(words["account_change_role"]))</button></form></td>\
                <td><form method="post" action="/studio/accounts/password">\(token)<input type="hidden" name="name" value="\(name)">\
                <label class="quiet" for="password-\(index)">\(e(words["account_new_password_of", ["name": account.name]]))</label>\
                <input id="password-\(index)" name="password" type="password" autocomplete="new-password" minlength="12"> \
                <button type="submit" class="secondary">\(e(words["account_set_password"]))</button></form></td>\
                <td><form method="post" action="/studio/accounts/remove">\(token)<input type="hidden" name="name" value="\(name)">\
                <button type="submit" class="secondary">\(e(words["account_remove", ["name": account.name]]))</button></form></td></tr>
                """
        }.joined(separator: "\n")
        var notice = ""
        if let message {
            notice = isAlert ? "<div class=\"notice alert\" role=\"alert\"><p>\(e(message))</p></div>" : "<p class=\"notice\" role=\"status\">\(e(message))</p>"
        }
        let main = """
            <h1 id="accounts-heading">\(e(words["accounts_heading"]))</h1>
            \(notice)
            <p>\(e(words["accounts_lead"]))</p>
            <div class="table" tabindex="0" role="region" aria-labelledby="accounts-heading"><table>
            <thead><tr><th scope="col">\(e(words["name"]))</th><th scope="col">\(e(words["account_role"]))</th>\
            <th scope="col">\(e(words["account_change_role"]))</th><th scope="col">\(e(words["account_set_password"]))</th>\
            <th scope="col">\(e(words["account_remove_heading"]))</th></tr></thead>
            <tbody>
            \(rows)
            </tbody></table></div>
            <h2>\(e(words["account_add_heading"]))</h2>
            <form class="add-account" method="post" action="/studio/accounts/add">\(token)
            <label for="new-name">\(e(words["name"]))</label><input id="new-name" name="name" autocomplete="off" required>
            <label for="new-role">\(e(words["account_role"]))</label><select id="new-role" name="role">\(roleOptions(.contributor))</select>
            <label for="new-password">\(e(words["password"]))</label>\
            <input id="new-password" name="password" type="password" autocomplete="new-password" minlength="12" required>
            <p><button type="submit">\(e(words["account_add"]))</button></p>
            </form>
            """
        return StudioPages.page(words["accounts_heading"], main: main, context: context, user: user)
    }
}
