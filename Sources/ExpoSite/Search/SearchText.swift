import Foundation

/// How the list screen's search compares a query with a name or a description. The
/// browser does the same in `search.js`; the table in `Tests/search-cases.json` holds both
/// to it.
///
/// - Case, spaces and accents do not count (`celadon` finds `Céladon`).
/// - A Hangul initial consonant in the query stands for any syllable that starts with it,
///   so `ㄱㅇㄱ` finds 가야금 and `가ㅇ` finds it too.
/// - A query's last syllable may still be half typed: a Korean keyboard shows `강` on the
///   way from `가` to `가야`, so a final consonant there may also begin the next syllable.
public enum SearchText {
    /// Lowercased, without spaces, and without accents on Latin letters; Hangul syllables stay whole.
    public static func fold(_ text: String) -> [Unicode.Scalar] {
        // Canonical decomposition splits Hangul syllables too; composing again restores them
        // once the combining accents are gone.
        let stripped = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !isCombiningMark($0) }
        var recomposed = String(String.UnicodeScalarView(stripped)).precomposedStringWithCanonicalMapping
        recomposed = recomposed.lowercased()
        return recomposed.unicodeScalars.filter { !$0.properties.isWhitespace }
    }

    /// Whether `query` is found in `text`. An empty query matches everything.
    public static func matches(_ query: String, in text: String) -> Bool {
        let query = fold(query)
        guard !query.isEmpty else { return true }
        let target = fold(text)
        for candidate in alternatives(query) where contains(target, candidate) { return true }
        return false
    }

    /// The query as typed, and, when its last syllable has a final consonant, the same
    /// with that consonant moved to an initial of its own (`강` → `가ㅇ`, `닭` → `달ㄱ`).
    static func alternatives(_ query: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        guard let last = query.last, let split = Hangul.splitFinal(last) else { return [query] }
        return [query, query.dropLast() + [split.syllable, split.initial]]
    }

    private static func contains(_ target: [Unicode.Scalar], _ query: [Unicode.Scalar]) -> Bool {
        guard query.count <= target.count else { return false }
        for start in 0...(target.count - query.count) {
            var index = 0
            while index < query.count, matches(query[index], target[start + index]) { index += 1 }
            if index == query.count { return true }
        }
        return false
    }

    private static func matches(_ query: Unicode.Scalar, _ target: Unicode.Scalar) -> Bool {
        query == target || (Hangul.isInitialConsonant(query) && Hangul.initial(of: target) == query)
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x0300...0x036F).contains(scalar.value)
    }
}
