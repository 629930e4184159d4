import ExpoCatalog

/// Every facet worth browsing in one edition, made in one pass over its exhibits: each
/// exhibit is put under each value it has, once.
struct FacetIndex: Sendable {
    let facets: [Facet]
    private let facetBySlug: [String: Int]

    init(edition: Edition, primary: Edition, browsable: [String], strings: BrowseStrings) {
        let reader = FacetReader(edition: edition, primary: primary, browsable: browsable)
        var builders = reader.kinds.map { Builder(kind: $0.kind, count: edition.exhibits.count) }
        // Exhibits outside, facets inside: each exhibit decoded once, not once per facet.
        for index in edition.exhibits.indices {
            let facts = reader.facts(index)
            for facet in builders.indices {
                let values = reader.values(builders[facet].kind, facts)
                guard !values.isEmpty else { continue }
                let isBorrowed = builders[facet].kind.fixedSlug.map {
                    edition.language != primary.language && edition.isUntranslated(edition.exhibits.id(at: index), $0)
                } ?? false
                builders[facet].add(values, at: index, isBorrowed: isBorrowed)
            }
        }
        facets = zip(builders, reader.kinds).compactMap { builder, kind in
            let facet = builder.facet(slug: kind.slug, reader: reader, strings: strings)
            return facet.isWorthBrowsing ? facet : nil
        }
        facetBySlug = Dictionary(facets.enumerated().map { ($1.slug, $0) }) { first, _ in first }
    }

    func facet(_ slug: String) -> Int? { facetBySlug[slug] }

    /// Whether `edition` has a facet worth browsing, found without making the index: it stops
    /// at the first value two exhibits share, as a large catalog's first list page asks.
    static func hasFacetWorthBrowsing(edition: Edition, primary: Edition, browsable: [String]) -> Bool {
        let reader = FacetReader(edition: edition, primary: primary, browsable: browsable)
        var holders = [[String: Int]](repeating: [:], count: reader.kinds.count)
        for index in edition.exhibits.indices {
            let facts = reader.facts(index)
            for (facet, kind) in reader.kinds.enumerated() {
                for value in reader.values(kind.kind, facts) {
                    if let first = holders[facet][value.key], first != index { return true }
                    holders[facet][value.key] = index
                }
            }
        }
        return false
    }

    /// One facet's values as the exhibits are met, in order.
    private struct Builder {
        let kind: Facet.Kind
        var groupOfKey: [String: Int] = [:]
        var keys: [String] = []
        var exhibits: [[Int32]] = []
        var spellings: [[(spelling: String, count: Int)]] = []
        var borrowed: [Bool] = []
        var firstGroup: [Int32]

        init(kind: Facet.Kind, count: Int) {
            self.kind = kind
            firstGroup = [Int32](repeating: -1, count: count)
        }

        mutating func add(_ values: [FacetReader.Value], at index: Int, isBorrowed: Bool) {
            for value in values {
                let group: Int
                if let known = groupOfKey[value.key] {
                    group = known
                } else {
                    group = keys.count
                    groupOfKey[value.key] = group
                    keys.append(value.key)
                    exhibits.append([])
                    spellings.append([])
                    borrowed.append(true)
                }
                if exhibits[group].last != Int32(index) { exhibits[group].append(Int32(index)) }
                if let at = spellings[group].firstIndex(where: { $0.spelling == value.spelling }) {
                    spellings[group][at].count += 1
                } else {
                    spellings[group].append((value.spelling, 1))
                }
                borrowed[group] = borrowed[group] && isBorrowed
                if firstGroup[index] < 0 { firstGroup[index] = Int32(group) }
            }
        }

        func facet(slug: String, reader: FacetReader, strings: BrowseStrings) -> Facet {
            // The most common spelling names the value; of equally common ones, the first met.
            let names = keys.indices.map { group in
                kind == .date ? DateFacet.name(keys[group], strings: strings)
                    : spellings[group].reduce(spellings[group][0]) { $1.count > $0.count ? $1 : $0 }.spelling
            }
            let order: [Int] = kind == .date
                ? keys.indices.sorted { DateFacet.order(keys[$0]).lexicographicallyPrecedes(DateFacet.order(keys[$1])) }
                : keys.indices.sorted { exhibits[$0].count != exhibits[$1].count ? exhibits[$0].count > exhibits[$1].count
                    : keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
            let slugs: [String] = kind == .date
                ? order.map { DateFacet.slug(keys[$0]) }
                : Slug.unique(order.map { group in
                    let made = Slug.make(names[group])
                    return (made.slug, made.cut, keys[group])
                })
            var position = [Int32](repeating: -1, count: keys.count)
            for (place, group) in order.enumerated() { position[group] = Int32(place) }
            let primaryCode = reader.primary.language.code
            let values = order.enumerated().map { place, group in
                Facet.Value(name: names[group], slug: slugs[place], exhibits: exhibits[group], isDecade: DateFacet.isDecade(keys[group]) && kind == .date,
                            lang: borrowed[group] ? primaryCode : nil)
            }
            return Facet(kind: kind, slug: slug, label: reader.label(kind, strings: strings), values: values,
                         valueBySlug: Dictionary(slugs.enumerated().map { ($1, $0) }) { first, _ in first },
                         firstValueOfExhibit: firstGroup.map { $0 < 0 ? -1 : position[Int($0)] })
        }
    }
}
