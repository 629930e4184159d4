/// A route through some of the exhibits, in walking order (`tours.json`): "The printed
/// word", "For families". Its stops, their order and its duration are the same in every
/// language; only the title and the description are translated.
public struct Tour: Sendable, Equatable, Identifiable {
    /// Names the tour's pages (`/tours/<id>/`): an exhibit id's rule.
    public var id: String
    public var title: String
    /// One short paragraph; empty when the catalog gives none.
    public var description: String
    /// Whole minutes, as the curator estimates the walk; nil when not given.
    public var duration: Int?
    /// Exhibit ids, each once, each an exhibit of the catalog.
    public var stops: [String]

    public init(id: String, title: String, description: String = "", duration: Int? = nil, stops: [String]) {
        self.id = id
        self.title = title
        self.description = description
        self.duration = duration
        self.stops = stops
    }

    /// The key of a tour's text in `Edition.untranslated`: exhibit ids cannot hold a colon.
    public static func untranslatedKey(_ id: String) -> String { "tour:\(id)" }
}
