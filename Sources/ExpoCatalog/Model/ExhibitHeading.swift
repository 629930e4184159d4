/// An exhibit's id and name: what a link to it needs.
public struct ExhibitHeading: Sendable, Equatable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public init(_ exhibit: Exhibit) {
        self.init(id: exhibit.id, name: exhibit.name)
    }
}
