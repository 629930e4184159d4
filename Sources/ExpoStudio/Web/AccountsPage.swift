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
        static let templateFields: TemplateFields<Self> = [
            .field("index", \.index), .field("name", \.name), .field("role", \.role), .field("roles", \.roles),
            .field("roleLabel", \.roleLabel), .field("passwordLabel", \.passwordLabel), .field("removeLabel", \.removeLabel),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let rows: [Row]
    let newRoles: [Choice]

    static func html(context: StudioContext, user: StudioUser, accounts: [Account], message: String? = nil, isAlert: Bool = false) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        func choices(_ selected: Role?) -> [Choice] {
            Role.allCases.map { Choice(value: $0.rawValue, label: words.role($0), selected: $0 == selected) }
        }
        let rows = accounts.enumerated().map { index, account in
            Row(index: index, name: account.name, role: account.role.map(words.role) ?? account.rolesDescription, roles: choices(account.role),
                roleLabel: words["account_role_of", ["name": account.name]],
                passwordLabel: words["account_new_password_of", ["name": account.name]],
                removeLabel: words["account_remove", ["name": account.name]])
        }
        let page = AccountsPage(frame: StudioFrame(title: words["accounts_heading"], context: context, user: user), t: words,
                                notice: Notice(message, isAlert: isAlert), rows: rows, newRoles: choices(.contributor))
        return StudioTemplates.render(page, "accounts")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("rows", \.rows), .field("newRoles", \.newRoles),
    ]
}
