/// One fact a visitor browses by (maker, date, material, place, or a field the catalog
/// names), in one language: its values, each with the exhibits that have it.
struct Facet: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case maker, date, material, place
        /// A free field, by its label in the primary language.
        case field(String)

        /// The fixed facts, in the order a browse page lists them (fields follow).
        static let fixed: [Kind] = [.maker, .date, .material, .place]

        /// The fixed facts' address parts; a field's is made from its label.
        var fixedSlug: String? {
            switch self {
            case .maker: "maker"
            case .date: "date"
            case .material: "material"
            case .place: "place"
            case .field: nil
            }
        }
    }

    struct Value: Sendable, Equatable {
        /// The most common spelling among the exhibits (`19th century` for a date).
        var name: String
        var slug: String
        /// The exhibits' places in the edition's list, in list order.
        var exhibits: [Int32]
        /// A decade, listed under its century.
        var isDecade = false
        /// The primary language's code, when the name is the primary text standing in for a translation.
        var lang: String?
    }

    var kind: Kind
    /// The facet's part of the address, the same in every language.
    var slug: String
    /// Its name in the edition's language (`Maker`, `만든 이`, a field's label).
    var label: String
    /// In the order the facet's page lists them: most exhibits first (then by name), or
    /// by time for dates.
    var values: [Value]
    var valueBySlug: [String: Int]
    /// Each exhibit's first value (an index into `values`), or -1: how the language switch
    /// finds the same exhibit's value in another language.
    var firstValueOfExhibit: [Int32]

    /// A facet is worth a page when some value is shared: a list of values each held by one
    /// exhibit narrows nothing.
    var isWorthBrowsing: Bool { values.contains { $0.exhibits.count > 1 } }
}
