/// The whole catalog's text in one language: the exposition and the exhibits in catalog
/// order. Every edition has the same exhibits; missing translations hold the primary text.
public struct Edition: Sendable, Equatable {
    public var language: Language
    public var exposition: Exposition
    public var exhibits: [Exhibit]

    public init(language: Language, exposition: Exposition, exhibits: [Exhibit]) {
        self.language = language
        self.exposition = exposition
        self.exhibits = exhibits
    }

    public func exhibit(id: String) -> Exhibit? {
        exhibits.first { $0.id == id }
    }
}
