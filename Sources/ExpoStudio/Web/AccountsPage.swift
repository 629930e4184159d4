import ExpoSite

/// The accounts, for admins: who may work on the guide and as what, with the forms that add
/// an account, change a role, set a password and remove one (as `expo1900 users` does).
struct AccountsPage: TemplateObject {
    struct Row: TemplateObject {
        /// Numbers the row's fields, so that each label names its own.
        let index: Int
        let name: String
        let role: String
        let roles: [Choice]
        let roleLabel: String
        let passwordLabel: String
        let removeLabel: String
        /// Where the role form's role applies, in a museum's studio.
        let places: [Choice]
        let placeLabel: String
        static let templateFields: TemplateFields<Self> = [
            .field("index", \.index), .field("name", \.name), .field("role", \.role), .field("roles", \.roles),
            .field("roleLabel", \.roleLabel), .field("passwordLabel", \.passwordLabel), .field("removeLabel", \.removeLabel),
            .field("places", \.places), .field("placeLabel", \.placeLabel),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let rows: [Row]
    let newRoles: [Choice]
    /// Where a new account's role applies: every exhibition, or one (a museum's studio only).
    let newPlaces: [Choice]
    /// Whether roles are given per exhibition here.
    let museum: Bool

    /// `exhibitions`: the museum's, whose roles the page gives; nil in a studio of one catalog.
    static func html(context: StudioContext, user: StudioUser, accounts: [Account], exhibitions: [String]? = nil,
                     message: String? = nil, isAlert: Bool = false) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        func choices(_ selected: Role?, none: Bool) -> [Choice] {
            Role.allCases.map { Choice(value: $0.rawValue, label: words.role($0), selected: $0 == selected) }
                + (none ? [Choice(value: "none", label: words["role_none"], selected: false)] : [])
        }
        let places = exhibitions.map { names in
            [Choice(value: "", label: words["account_everywhere"], selected: true)]
                + names.map { Choice(value: $0, label: $0, selected: false) }
        } ?? []
        let rows = accounts.enumerated().map { index, account in
            Row(index: index, name: account.name, role: words.roles(of: account), roles: choices(account.role, none: exhibitions != nil),
                roleLabel: words["account_role_of", ["name": account.name]],
                passwordLabel: words["account_new_password_of", ["name": account.name]],
                removeLabel: words["account_remove", ["name": account.name]],
                places: places, placeLabel: words["account_where_of", ["name": account.name]])
        }
        let page = AccountsPage(frame: StudioFrame(title: words["accounts_heading"], context: context, user: user), t: words,
                                notice: Notice(message, isAlert: isAlert), rows: rows, newRoles: choices(.contributor, none: false),
                                newPlaces: places, museum: exhibitions != nil)
        return StudioTemplates.render(page, "accounts")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("rows", \.rows), .field("newRoles", \.newRoles),
        .field("newPlaces", \.newPlaces), .field("museum", \.museum),
    ]
}

extension StudioStrings {
    /// "Editor", or "Editor in every exhibition, Contributor in paris", in the page's language.
    func roles(of account: Account) -> String {
        let scoped = account.exhibitionRoles.sorted { $0.key < $1.key }.map { self["role_in", ["role": role($0.value), "exhibition": $0.key]] }
        let everywhere = account.role.map { account.exhibitionRoles.isEmpty ? role($0) : self["role_everywhere", ["role": role($0)]] }
        return ((everywhere.map { [$0] } ?? []) + scoped).joined(separator: ", ")
    }
}
