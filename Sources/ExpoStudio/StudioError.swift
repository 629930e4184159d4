import ExpoCatalog

/// Everything the studio's state refuses or cannot do, each said for the person at the
/// keyboard: what is wrong and what to do.
public enum StudioError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidName(String, String)
    case invalidPassword(String)
    case nameTaken(String)
    case noSuchAccount(String)
    /// Removing or demoting the only admin would leave nobody able to manage accounts.
    case lastAdmin(name: String, change: String)
    /// The state folder or its `studio.sqlite` cannot be made, opened or read.
    case stateUnusable(path: String, reason: String)
    /// The disk holding `studio.sqlite` has no room for a write (SQLite's error 13): reading
    /// still works, and nothing was saved.
    case diskFull(path: String)
    /// The state folder holds no `studio.sqlite` yet: no account was ever made there.
    case noState(folder: String)
    /// The state folder and the catalog folder overlap, so the served or exported guide could
    /// hold the password hashes.
    case stateOverlapsCatalog(state: String, catalog: String, stateInside: Bool)
    /// Neither `XDG_STATE_HOME` nor `HOME` says where the default state folder is.
    case noDefaultFolder
    /// Taking this role away would leave the account with none at all.
    case noRoleLeft(name: String)
    /// An exhibition's name that no folder of catalogs could have: `reason` says why.
    case invalidExhibition(String, String)

    /// Whether the trouble is the state folder itself (exit status 2), not the request (1).
    public var isAboutTheStateFolder: Bool {
        switch self {
        case .stateUnusable, .diskFull, .noState, .noDefaultFolder, .stateOverlapsCatalog: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .invalidName(given, reason):
            "the name \(Self.quoted(given)) \(reason)"
        case let .invalidPassword(reason):
            reason
        case let .nameTaken(name):
            "an account named \(Self.quoted(name)) already exists (names are compared ignoring case); choose another name"
        case let .noSuchAccount(name):
            "there is no account named \(Self.quoted(name)); see the names with: expo1900 users list"
        case let .lastAdmin(name, change):
            "\(Self.quoted(name)) is the only admin; \(change) would leave nobody able to manage accounts. "
                + "Make another admin first: expo1900 users add NAME --role admin"
        case let .stateUnusable(path, reason):
            ControlCharacters.escaped("\(path): \(reason)")
        case let .diskFull(path):
            ControlCharacters.escaped("\(path): the disk is full, so nothing was saved; free some space and try again")
        case let .noState(folder):
            ControlCharacters.escaped("\(folder) holds no studio accounts yet; make the first with: expo1900 users add NAME --role admin --state \(folder)")
        case let .stateOverlapsCatalog(state, catalog, stateInside):
            ControlCharacters.escaped(
                stateInside
                    ? "the state folder \(state) is inside the catalog folder \(catalog), which is served and exported; choose a state folder outside it (--state DIR)"
                    : "the catalog folder \(catalog) is inside the state folder \(state); keep the catalog and the studio's state apart (--state DIR)")
        case let .noRoleLeft(name):
            "\(Self.quoted(name)) would have no role left; remove the account instead: expo1900 users remove \(ControlCharacters.escaped(name))"
        case let .invalidExhibition(given, reason):
            "the exhibition \(Self.quoted(given)) cannot be: \(reason)"
        case .noDefaultFolder:
            "neither XDG_STATE_HOME nor HOME is set, so there is no default state folder; give one with --state DIR"
        }
    }

    /// A name as the person gave it, fit for one line: control characters written out and
    /// a long one cut, so that 10,000 characters do not become a 10,000-character message.
    static func quoted(_ name: String) -> String {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        return "'" + ControlCharacters.escaped(shown) + "'"
    }
}
