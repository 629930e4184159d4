import Foundation

/// A person who works in the studio, as the studio shows them: never with the password's
/// hash, which stays in `AccountRecord` inside the state.
public struct Account: Sendable, Equatable {
    /// The account's number in the state: sessions and the audit point at it, so a name can change.
    public var id: Int64
    public var name: String
    public var role: Role
    public var created: Date
    public var updated: Date
    /// Sessions begun under an earlier number are over (`StudioState.endSessions`).
    public var sessionEpoch: Int

    public init(id: Int64 = 0, name: String, role: Role, created: Date, updated: Date, sessionEpoch: Int = 0) {
        self.id = id
        self.name = name
        self.role = role
        self.created = created
        self.updated = updated
        self.sessionEpoch = sessionEpoch
    }
}
