/// One floor of the exhibition, as `floors.json` gives it, in one language: its name, the
/// image of its plan, and the plan's text alternative. Exhibits are placed on it by id.
public struct Floor: Sendable, Equatable, Identifiable {
    /// Safe as a URL fragment (`/map/#floor-1`): letters, digits, `-` and `_`.
    public var id: String
    public var name: String
    /// The plan's image name, found like every other image; empty when the floor has none.
    public var plan: String
    /// What the plan shows, for a visitor who cannot see it; empty when the catalog gives none.
    public var planAlt: String

    public init(id: String, name: String, plan: String, planAlt: String = "") {
        self.id = id
        self.name = name
        self.plan = plan
        self.planAlt = planAlt
    }
}
