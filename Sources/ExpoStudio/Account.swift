import Foundation

/// A person who works in the studio, as the studio shows them: never with the password's
/// hash, which stays in `AccountRecord` inside the state.
public struct Account: Sendable, Equatable {
    /// The account's number in the state: sessions and the audit point at it, so a name can change.
    public var id: Int64
    public var name: String
    /// The role in every exhibition (and in a studio of one catalog); nil for a person
    /// who works on some exhibitions only.
    public var role: Role?
    /// The role in each exhibition of a folder of them (`--catalogs`), by its name, where it
    /// is other than `role`.
    public var exhibitionRoles: [String: Role]
    public var created: Date
    public var updated: Date
    /// Sessions begun under an earlier number are over (`StudioState.endSessions`).
    public var sessionEpoch: Int

    public init(id: Int64 = 0, name: String, role: Role?, exhibitionRoles: [String: Role] = [:], created: Date, updated: Date,
                sessionEpoch: Int = 0) {
        self.id = id
        self.name = name
        self.role = role
        self.exhibitionRoles = exhibitionRoles
        self.created = created
        self.updated = updated
        self.sessionEpoch = sessionEpoch
    }
}

extension Account {
    /// What the person may do in `exhibition`: the higher of their role in every exhibition
    /// and their role there. Nil (a studio of one catalog) reads the role in every exhibition.
    public func role(in exhibition: String?) -> Role? {
        let there = exhibition.flatMap { exhibitionRoles[$0] }
        switch (role, there) {
        case let (everywhere?, there?): return max(everywhere, there)
        case let (everywhere, there): return everywhere ?? there
        }
    }

    /// "editor", "editor in korea-1900, contributor in paris", or both: as `users list` and
    /// the accounts page say it.
    public var rolesDescription: String {
        let scoped = exhibitionRoles.sorted { $0.key < $1.key }.map { "\($0.value) in \($0.key)" }
        return ((role.map { [exhibitionRoles.isEmpty ? "\($0)" : "\($0) in every exhibition"] } ?? []) + scoped).joined(separator: ", ")
    }
}

