import Foundation
import GRDB

/// One line of the audit log: who did what to which account, and when. Rows are only ever
/// added, so that the log says what happened even after the account is gone.
public struct AuditEntry: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "audit"

    public enum Action: String, Codable, Sendable, DatabaseValueConvertible {
        case accountAdded = "account added"
        case accountRemoved = "account removed"
        case roleChanged = "role changed"
        case passwordChanged = "password changed"
        case loggedIn = "logged in"
        case loginFailed = "login failed"
        case loggedOut = "logged out"
        case published
        case reverted
        case submitted = "submitted for review"
        case imported = "spreadsheet taken"
        case importDropped = "spreadsheet dropped"
        case downloaded = "catalog downloaded"
        case exhibitionAdded = "exhibition added"
    }

    public var time: Date
    /// The account the entry is about.
    public var account: String
    public var action: Action
    public var detail: String
    /// Who did it: `command line (user)` for `expo1900 users`, an admin's name in the studio.
    public var actor: String
    /// The exhibition it happened in; '' for the museum's own lines (logins, accounts) and
    /// for a studio of one catalog.
    public var exhibition: String

    public init(time: Date, account: String, action: Action, detail: String, actor: String, exhibition: String = "") {
        self.exhibition = exhibition
        self.time = time
        self.account = account
        self.action = action
        self.detail = detail
        self.actor = actor
    }
}
