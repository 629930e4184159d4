import Foundation

/// A person who works in the studio, as the studio shows them: never with the password's
/// hash, which stays in `AccountRecord` inside the state.
public struct Account: Sendable, Equatable {
    public var name: String
    public var role: Role
    public var created: Date
    public var updated: Date

    public init(name: String, role: Role, created: Date, updated: Date) {
        self.name = name
        self.role = role
        self.created = created
        self.updated = updated
    }
}
