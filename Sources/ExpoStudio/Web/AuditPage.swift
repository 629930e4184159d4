import Foundation

/// The audit log for admins, newest first: logins, failed logins, account changes.
enum AuditPage {
    static let shown = 500

    static func html(context: StudioContext, user: StudioUser, entries: [AuditEntry]) -> String {
        let words = StudioStrings.of(context.language)
        let rows = entries.reversed().prefix(shown).map { entry in
            "<tr><td>\(StudioPages.escape(entry.time.formatted(Date.ISO8601FormatStyle())))</td>"
                + "<td>\(StudioPages.escape(entry.account))</td><td>\(StudioPages.escape(words["audit_\(entry.action.key)"]))</td>"
                + "<td>\(StudioPages.escape(entry.detail))</td><td>\(StudioPages.escape(entry.actor))</td></tr>"
        }.joined(separator: "\n")
        let main = """
            <h1 id="audit-heading">\(StudioPages.escape(words["audit_heading"]))</h1>
            <p>\(StudioPages.escape(words["audit_lead", ["count": entries.count.formatted(), "shown": min(entries.count, shown).formatted()]]))</p>
            <div class="table" tabindex="0" role="region" aria-labelledby="audit-heading"><table>
            <thead><tr><th scope="col">\(StudioPages.escape(words["audit_time"]))</th><th scope="col">\(StudioPages.escape(words["audit_account"]))</th>\
            <th scope="col">\(StudioPages.escape(words["audit_action"]))</th><th scope="col">\(StudioPages.escape(words["audit_detail"]))</th>\
            <th scope="col">\(StudioPages.escape(words["audit_actor"]))</th></tr></thead>
            <tbody>
            \(rows)
            </tbody></table></div>
            """
        return StudioPages.page(words["audit_heading"], main: main, context: context, user: user)
    }
}

extension AuditEntry.Action {
    /// The key of the action's words in the studio's interface files.
    var key: String {
        switch self {
        case .accountAdded: "account_added"
        case .accountRemoved: "account_removed"
        case .roleChanged: "role_changed"
        case .passwordChanged: "password_changed"
        case .loggedIn: "logged_in"
        case .loginFailed: "login_failed"
        case .loggedOut: "logged_out"
        case .published: "published"
        case .reverted: "reverted"
        case .submitted: "submitted"
        case .imported: "imported"
        case .importDropped: "import_dropped"
        case .downloaded: "downloaded"
        }
    }
}
