/// One picture of an exhibit, with the words that go with it. The first is the exhibit's
/// own image (`image_name`); the others are further views (back, a detail, a seal).
public struct ExhibitImage: Sendable, Equatable {
    /// The catalog image's name: a file `<name>.png` or an imageset `<name>.imageset`.
    public var name: String
    /// What the picture shows, for people who cannot see it; nil when the catalog gives
    /// none, and the page then uses the exhibit's name.
    public var alt: String?
    public var caption: String
    /// Who made the photograph or drawing.
    public var credit: String
    /// A longer description for blind and low-vision visitors; may use Markdown.
    public var visualDescription: String

    public init(name: String, alt: String? = nil, caption: String = "", credit: String = "", visualDescription: String = "") {
        self.name = name
        self.alt = alt
        self.caption = caption
        self.credit = credit
        self.visualDescription = visualDescription
    }

    /// True when `alt` says something.
    public var hasAlt: Bool { !(alt ?? "").allSatisfy(\.isWhitespace) }

    /// The alt text when it says something, else nil, so a caller can name its fallback.
    public var givenAlt: String? { hasAlt ? alt : nil }
}
