/// The date facet's values: a century (`c19`) and, where a date is that precise, its decade
/// (`d1850`), listed by time with each century's decades under it. Their addresses are the
/// same in every language (`century-19`, `1850s`).
enum DateFacet {
    /// The facet's values for a date text: none when it cannot be read.
    static func keys(_ date: String) -> [String] {
        guard !date.isEmpty, let reading = DateReading.read(date) else { return [] }
        return ["c\(reading.century)"] + (reading.decade.map { ["d\($0)"] } ?? [])
    }

    static func isDecade(_ key: String) -> Bool { key.hasPrefix("d") }

    private static func number(_ key: String) -> Int { Int(key.dropFirst()) ?? 0 }

    static func name(_ key: String, strings: BrowseStrings) -> String {
        isDecade(key) ? strings.decade(number(key)) : strings.century(number(key))
    }

    static func slug(_ key: String) -> String {
        isDecade(key) ? "\(number(key))s" : "century-\(number(key))"
    }

    /// A century before its decades, and those in order.
    static func order(_ key: String) -> [Int] {
        isDecade(key) ? [number(key) / 100 + 1, number(key)] : [number(key), Int.min]
    }

    /// The key an address names, or nil (`century-19` → `c19`; `1850s` → `d1850`).
    static func key(slug: String) -> String? {
        if slug.hasPrefix("century-"), let century = Int(slug.dropFirst("century-".count)), "century-\(century)" == slug { return "c\(century)" }
        if slug.hasSuffix("s"), let decade = Int(slug.dropLast()), "\(decade)s" == slug { return "d\(decade)" }
        return nil
    }
}
