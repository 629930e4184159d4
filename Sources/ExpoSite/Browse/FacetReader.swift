import Foundation
import ExpoCatalog

/// What one edition's exhibits say for each facet: the fixed facts as they are, the date
/// read as a century and decade, and each browsable field found by its label in the primary
/// edition, then taken from the same place among the edition's fields (a translation names
/// its fields in its own words).
struct FacetReader {
    struct Value: Equatable {
        /// As a page would show it (empty for a date, which the facet names).
        var spelling: String
        /// What equal values share.
        var key: String
    }

    let edition: Edition
    let primary: Edition
    /// Each facet and its part of the address, in the order the browse page lists them.
    let kinds: [(kind: Facet.Kind, slug: String)]
    private let readsFields: Bool

    init(edition: Edition, primary: Edition, browsable: [String]) {
        self.edition = edition
        self.primary = primary
        let fixed = Facet.Kind.fixed.map { ($0, $0.fixedSlug ?? "") }
        let fieldSlugs = Slug.unique(browsable.map { label in
            let made = Slug.make(label)
            return (made.slug, made.cut, label.lowercased())
        }, taken: Set(fixed.map(\.1)))
        kinds = fixed + zip(browsable, fieldSlugs).map { (.field($0), $1) }
        readsFields = !browsable.isEmpty
    }

    /// What the reader looks at of one exhibit, decoded once for all the facets.
    struct Facts {
        var facts: ObjectFacts
        /// The primary exhibit's fields, where a field facet finds its label.
        var primaryFields: [ObjectFacts.Field]
    }

    func facts(_ index: Int) -> Facts {
        let facts = edition.exhibits[index].facts
        let primaryFields = !readsFields ? [] : edition.language == primary.language ? facts.fields : primary.exhibits[index].facts.fields
        return Facts(facts: facts, primaryFields: primaryFields)
    }

    func values(_ kind: Facet.Kind, _ exhibit: Facts) -> [Value] {
        let facts = exhibit.facts
        switch kind {
        case .maker: return text(facts.maker)
        case .material: return text(facts.material)
        case .place: return text(facts.place)
        case .date: return DateFacet.keys(facts.date).map { Value(spelling: "", key: $0) }
        case let .field(label):
            return fieldPlaces(label, exhibit).flatMap { place in text(fieldValue(place, exhibit).value) }
        }
    }

    /// The facet's name in the edition's language: a field's label as the edition's first
    /// exhibit with that field gives it.
    func label(_ kind: Facet.Kind, strings: BrowseStrings) -> String {
        guard case let .field(label) = kind else { return strings.facts[kind.fixedSlug ?? ""] ?? "" }
        for index in edition.exhibits.indices {
            let facts = facts(index)
            if let place = fieldPlaces(label, facts).first { return fieldValue(place, facts).label }
        }
        return label
    }

    private func text(_ text: String) -> [Value] {
        guard !text.isEmpty else { return [] }
        let spelling = FacetKey.spelling(text)
        return spelling.isEmpty ? [] : [Value(spelling: spelling, key: FacetKey.key(spelling))]
    }

    /// Where the primary exhibit's fields have the label.
    private func fieldPlaces(_ label: String, _ exhibit: Facts) -> [Int] {
        let fields = exhibit.primaryFields
        guard !fields.isEmpty else { return [] }
        return fields.indices.filter { fields[$0].label.trimmingCharacters(in: .whitespaces).lowercased() == label.lowercased() }
    }

    /// The edition's field at `place`: at the same place when the translation has as many
    /// fields as the primary entry, else the one of the same label, else the primary's.
    private func fieldValue(_ place: Int, _ exhibit: Facts) -> ObjectFacts.Field {
        let primaryField = exhibit.primaryFields[place]
        guard edition.language != primary.language else { return primaryField }
        let fields = exhibit.facts.fields
        if fields.count == exhibit.primaryFields.count { return fields[place] }
        return fields.first { $0.label.lowercased() == primaryField.label.lowercased() } ?? primaryField
    }
}
