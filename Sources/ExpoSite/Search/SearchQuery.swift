/// A query run over a language's whole table of words: how the server answers a search
/// made without JavaScript (`/items/?q=…`). search.js runs the same steps over the shards
/// it fetches; Tests/Shared/search-cases.json holds both to the same answers.
///
/// Each word of the query must be found in an exhibit, at the start of one of its words
/// (or inside a written word, for Hangul and Chinese), by its first `SearchText.longestWord`
/// letters. A word found nowhere is tried as two
/// written together (`tripitakakoreana`), then with one typo after its first two letters
/// when it has five letters or more. Exhibits are ranked by where each word was found.
struct SearchQuery {
    /// Where a word was found, best first: a whole word of a name, the start of one, a whole
    /// word of the text, the start of one, a name or a text with one typo.
    enum Level: Int, Comparable {
        case wholeName, nameStart, wholeText, textStart, nameTypo, textTypo
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    let table: SearchTable

    /// Exhibit numbers, best first (ties in list order); nil for a query with no words.
    func results(_ query: String) -> [Int]? {
        let terms = SearchText.words(query)
        guard !terms.isEmpty else { return nil }
        var found: [[Int32: Int]] = []
        var lastTerm: [Unicode.Scalar] = []
        for (index, term) in terms.enumerated() {
            var matches = self.matches(term, halfTyped: index == terms.count - 1)
            if matches.isEmpty, !found.isEmpty {
                // Spaces do not count: `tripi taka` is tried as `tripitaka`.
                let joined = self.matches(lastTerm + term, halfTyped: index == terms.count - 1)
                if !joined.isEmpty {
                    found.removeLast()
                    matches = joined
                }
            }
            if matches.isEmpty { return [] }
            found.append(matches)
            lastTerm = term
        }
        var docs = Array(found[0].keys)
        for other in found.dropFirst() { docs = docs.filter { other[$0] != nil } }
        // Each exhibit's score is the sum of its levels over the query's words.
        var total: [Int32: Int] = [:]
        for doc in docs {
            var sum = 0
            for matches in found { sum += matches[doc] ?? 0 }
            total[doc] = sum
        }
        return total.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }.map { Int($0.key) }
    }

    /// Exhibit → best level for one word of the query.
    func matches(_ term: [Unicode.Scalar], halfTyped: Bool) -> [Int32: Int] {
        // The index keeps a word's first letters only, so the query does too: typed (or
        // pasted) whole, a long name is still found.
        let term = SearchText.kept(term[...])
        var patterns = [term]
        if halfTyped, let alternative = SearchText.withoutFinal(term) { patterns.append(alternative) }
        var best: [Int32: Int] = [:]
        for pattern in patterns { merge(hits(pattern), into: &best) }
        if !best.isEmpty { return best }
        if let split = compound(term) { return split }
        return typo(term)
    }

    private func merge(_ hits: [(record: SearchTable.Record, whole: Bool)], into best: inout [Int32: Int], typo: Bool = false) {
        for (record, whole) in hits {
            let nameLevel: Level = typo ? .nameTypo : whole ? .wholeName : .nameStart
            let textLevel: Level = typo ? .textTypo : whole ? .wholeText : .textStart
            for doc in record.names { best[doc] = min(best[doc] ?? Int.max, nameLevel.rawValue) }
            for doc in record.texts { best[doc] = min(best[doc] ?? Int.max, textLevel.rawValue) }
        }
    }

    /// The words `pattern` starts, and whether each is the whole word.
    func hits(_ pattern: [Unicode.Scalar]) -> [(record: SearchTable.Record, whole: Bool)] {
        let path = pattern.map(SearchText.pathScalar)
        var low = 0, high = table.records.count
        while low < high {
            let middle = (low + high) / 2
            if table.records[middle].path.lexicographicallyPrecedes(path, by: { $0.value < $1.value }) { low = middle + 1 } else { high = middle }
        }
        var hits: [(record: SearchTable.Record, whole: Bool)] = []
        var at = low
        while at < table.records.count, table.records[at].path.starts(with: path) {
            let record = table.records[at]
            if zip(pattern, record.word).allSatisfy({ SearchText.accepts($0, $1) }) {
                hits.append((record, !record.inner && record.word.count == pattern.count))
            }
            at += 1
        }
        return hits
    }

    /// A word found nowhere, as a whole word of three letters or more and the rest.
    private func compound(_ term: [Unicode.Scalar]) -> [Int32: Int]? {
        guard term.count >= 4 else { return nil }
        for length in stride(from: term.count - 1, through: 3, by: -1) {
            let piece = Array(term.prefix(length))
            let whole = hits(piece).filter(\.whole)
            guard !whole.isEmpty else { continue }
            var first: [Int32: Int] = [:]
            merge(whole, into: &first)
            let rest = matches(Array(term.dropFirst(length)), halfTyped: false)
            var both: [Int32: Int] = [:]
            for (doc, level) in first { if let other = rest[doc] { both[doc] = level + other } }
            if !both.isEmpty { return both }
        }
        return nil
    }

    /// Words that begin with `term` but for one typo after its first two letters.
    private func typo(_ term: [Unicode.Scalar]) -> [Int32: Int] {
        guard term.count >= 5 else { return [:] }
        var best: [Int32: Int] = [:]
        let candidates = hits(Array(term.prefix(2))).filter { !$0.record.inner && $0.record.word.count >= 4 }
            .map(\.record.word).filter { $0.starts(with: term.prefix(2)) && SearchText.startsWithOneTypo($0, term) }
        for word in candidates { merge(hits(word).filter(\.whole), into: &best, typo: true) }
        return best
    }
}
