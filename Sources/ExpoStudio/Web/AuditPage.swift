import ExpoSite
import Foundation

/// The audit log for admins, newest first: logins, failed logins, account changes.
struct AuditPage: TemplateObject {
    static let shown = 500

    struct Row: TemplateObject {
        let time: String
        let account: String
        let action: String
        let detail: String
        let actor: String
        /// Which exhibition, on a museum's own audit page, which holds every line.
        let exhibition: String?
        static let templateFields: TemplateFields<Self> = [
            .field("time", \.time), .field("account", \.account), .field("action", \.action), .field("detail", \.detail), .field("actor", \.actor),
            .field("exhibition", \.exhibition),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let lead: String
    let rows: [Row]
    let showsExhibition: Bool

    static func html(context: StudioContext, user: StudioUser, entries: [AuditEntry]) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let showsExhibition = StudioPaths.current.isMuseum
        let rows = entries.reversed().prefix(shown).map { entry in
            // A failed login keeps the name as it was typed, which may hold anything.
            Row(time: StudioText.time(entry.time), account: StudioText.shown(entry.account), action: words["audit_\(entry.action.key)"],
                detail: StudioText.shown(entry.detail), actor: StudioText.shown(entry.actor),
                exhibition: showsExhibition ? (entry.exhibition.isEmpty ? words["audit_museum"] : entry.exhibition) : nil)
        }
        let page = AuditPage(frame: StudioFrame(title: words["audit_heading"], context: context, user: user), t: words,
                             lead: words["audit_lead", ["count": entries.count.formatted(), "shown": min(entries.count, shown).formatted()]],
                             rows: Array(rows), showsExhibition: showsExhibition)
        return StudioTemplates.render(page, "audit")
    }

    static let templateFields: TemplateFields<Self> = [.field("frame", \.frame), .field("t", \.t), .field("lead", \.lead), .field("rows", \.rows),
                                                           .field("showsExhibition", \.showsExhibition)]
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
        case .exhibitionAdded: "exhibition_added"
        }
    }
}
