import ExpoSite

/// What every studio page has around its content: the language, the title, and for a
/// person who is logged in the menu (only the places their role opens) and the logout form.
struct StudioFrame: TemplateObject {
    struct Link: TemplateObject {
        let href: String
        let label: String
        static let templateFields: TemplateFields<Self> = [.field("href", \.href), .field("label", \.label)]
    }

    let language: String
    let title: String
    /// The menu's links; empty before login.
    let links: [Link]
    /// "Logged in as …", and the form token the page's forms carry.
    let signedInAs: String?
    let token: String?
    /// Where this studio's pages begin (`/studio/`, `/studio/e/NAME/`), for the templates' links.
    let base: String
    /// "Exhibition NAME", on every page of one exhibition of a museum's studio.
    let exhibition: String?

    init(title: String, context: StudioContext, user: StudioUser?, token: String? = nil) {
        let words = StudioStrings.of(context.language)
        let paths = StudioPaths.current
        language = context.language.rawValue
        self.title = title
        self.token = user?.formToken ?? token
        base = paths.base
        exhibition = paths.exhibition.map { words["exhibition_of", ["name": $0]] }
        guard let user else {
            links = []
            signedInAs = nil
            return
        }
        let role = user.role
        var links: [Link] = []
        if paths.inMuseum { links.append(Link(href: StudioPaths.root, label: words["all_exhibitions"])) }
        if !paths.isMuseum {
            links += [Link(href: StudioPaths.here(""), label: words["nav_home"]),
                      Link(href: StudioPaths.here("exposition"), label: words["exposition_heading"]),
                      Link(href: StudioPaths.here("exhibits"), label: words["exhibits_heading"]),
                      Link(href: StudioPaths.here("translations"), label: words["translations_heading"]),
                      Link(href: StudioPaths.here("publish"), label: words["publish_heading"])]
        }
        // On a museum's pages, the counts of every exhibition where the person may read them.
        let readsCounts = paths.isMuseum
            ? user.account.role?.may(.readCounts) == true || user.account.exhibitionRoles.values.contains { $0.may(.readCounts) }
            : role.may(.readCounts)
        if readsCounts && paths.keepsCounts { links.append(Link(href: StudioPaths.here("usage"), label: words[paths.isMuseum ? "usage_all_heading" : "usage_heading"])) }
        if role.may(.readAuditLog) { links.append(Link(href: StudioPaths.here("audit"), label: words["audit_heading"])) }
        // Accounts are the museum's: only someone who manages them in every exhibition does.
        if user.account.role?.may(.manageAccounts) == true {
            links.append(Link(href: "/studio/accounts", label: words["accounts_heading"]))
        }
        links.append(Link(href: paths.guide, label: words["public_guide"]))
        self.links = links
        let roles = paths.isMuseum ? user.account.rolesDescription : words.role(role)
        signedInAs = words["signed_in_as", ["name": user.account.name, "role": roles]]
    }

    static let templateFields: TemplateFields<Self> = [
        .field("language", \.language), .field("title", \.title), .field("links", \.links),
        .field("signedInAs", \.signedInAs), .field("token", \.token), .field("base", \.base), .field("exhibition", \.exhibition),
    ]
}

/// A line that says how an action went: a status, or an alert when it did not work.
struct Notice: TemplateObject {
    let text: String
    let isAlert: Bool

    init?(_ text: String?, isAlert: Bool = false) {
        guard let text else { return nil }
        self.text = StudioText.shown(text)
        self.isAlert = isAlert
    }

    static let templateFields: TemplateFields<Self> = [.field("text", \.text), .field("isAlert", \.isAlert)]
}

/// A `validate` message at the place it is about.
struct Message: TemplateObject {
    /// `error`, `warning` …: the class that colours it.
    let severity: String
    let text: String
    var id: String?

    static let templateFields: TemplateFields<Self> = [.field("severity", \.severity), .field("text", \.text), .field("id", \.id)]
}
