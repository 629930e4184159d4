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
    /// Where the record comes from: the address of the museum's own page or IIIF manifest
    /// (`import iiif` writes it), shown as a link back.
    public var source = ""
    public var fields: [Field] = []

    public init(date: String = "", maker: String = "", material: String = "", dimensions: String = "",
                place: String = "", creditLine: String = "", rights: String = "", source: String = "", fields: [Field] = []) {
        self.date = date
        self.maker = maker
        self.material = material
        self.dimensions = dimensions
        self.place = place
        self.creditLine = creditLine
        self.rights = rights
        self.source = source
        self.fields = fields
    }

    /// The fixed facts as the catalog's keys name them, in the order pages show them.
    public static var keys: [(key: String, path: WritableKeyPath<ObjectFacts, String>)] {[
        ("date", \.date), ("maker", \.maker), ("material", \.material), ("dimensions", \.dimensions),
        ("place", \.place), ("credit_line", \.creditLine), ("rights", \.rights), ("source", \.source),
    ]}

    /// The fixed facts' keys, in the order pages show them, for the loader's loops: a
    /// switch costs nothing, where a key path is looked up in the runtime each time it is
    /// applied (it showed in a profile of loading 69,202 exhibits).
    static let keyNames = ["date", "maker", "material", "dimensions", "place", "credit_line", "rights", "source"]

    /// The fixed fact at `keyNames[index]`.
    subscript(fact index: Int) -> String {
        get {
            switch index {
            case 0: date
            case 1: maker
            case 2: material
            case 3: dimensions
            case 4: place
            case 5: creditLine
            case 6: rights
            default: source
            }
        }
        set {
            switch index {
            case 0: date = newValue
            case 1: maker = newValue
            case 2: material = newValue
            case 3: dimensions = newValue
            case 4: place = newValue
            case 5: creditLine = newValue
            case 6: rights = newValue
            default: source = newValue
            }
        }
    }

    public var isEmpty: Bool {
        date.isEmpty && maker.isEmpty && material.isEmpty && dimensions.isEmpty && place.isEmpty
            && creditLine.isEmpty && rights.isEmpty && source.isEmpty && fields.isEmpty
    }
}
