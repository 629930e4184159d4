import Foundation

/// What the studio keeps for a logged-in person, in hummingbird-auth's session storage.
public struct StudioSession: Codable, Sendable, Equatable {
    /// The account's number in the state.
    var account: Int64
    /// The account's session epoch when this began: once the account's is higher
    /// (logged out elsewhere, a new password) this session is over.
    var epoch: Int
    /// When it began: a session ends `StudioSecurity.absoluteLifetime` after, however active.
    var started: Date
    /// The token every form of this session carries (`CSRFGuard`).
    var formToken: String
}

/// The person behind a request, once their session is checked.
public struct StudioUser: Sendable {
    public var account: Account
    /// What the person may do in the catalog this studio edits.
    public var role: Role
    var formToken: String
}
