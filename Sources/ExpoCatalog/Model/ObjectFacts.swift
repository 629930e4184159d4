/// What a museum records about an object, as a visitor looks for it. Every fact is
/// optional: an empty text is a fact the catalog does not give.
public struct ObjectFacts: Sendable, Equatable {
    /// A label and value the fixed facts have no place for ("Inscription", "Acquired").
    public struct Field: Sendable, Equatable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var date = ""
    public var maker = ""
    public var material = ""
    public var dimensions = ""
    public var place = ""
    public var creditLine = ""
    /// A licence or rights statement; a URL (Creative Commons, RightsStatements.org)
    /// is what IIIF and schema.org expect.
    public var rights = ""
    public var fields: [Field] = []

    public init(date: String = "", maker: String = "", material: String = "", dimensions: String = "",
                place: String = "", creditLine: String = "", rights: String = "", fields: [Field] = []) {
        self.date = date
        self.maker = maker
        self.material = material
        self.dimensions = dimensions
        self.place = place
        self.creditLine = creditLine
        self.rights = rights
        self.fields = fields
    }

    /// The fixed facts as the catalog's keys name them, in the order pages show them.
    public static var keys: [(key: String, path: WritableKeyPath<ObjectFacts, String>)] {[
        ("date", \.date), ("maker", \.maker), ("material", \.material), ("dimensions", \.dimensions),
        ("place", \.place), ("credit_line", \.creditLine), ("rights", \.rights),
    ]}

    public var isEmpty: Bool { Self.keys.allSatisfy { self[keyPath: $0.path].isEmpty } && fields.isEmpty }
}
