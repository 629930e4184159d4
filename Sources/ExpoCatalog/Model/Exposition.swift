/// The exposition as `exposition_universelle_1900.json` describes it, in one language.
public struct Exposition: Sendable, Equatable {
    public var title: String
    public var visitors: Int
    public var location: String
    public var duration: String
    public var description: String
    /// The exposition in plain language, one short sentence a line; nil when the catalog
    /// gives none in this language (a translation does not borrow the main language's).
    public var easyRead: String?

    public init(title: String, visitors: Int, location: String, duration: String, description: String, easyRead: String? = nil) {
        self.title = title
        self.visitors = visitors
        self.location = location
        self.duration = duration
        self.description = description
        self.easyRead = easyRead
    }
}
