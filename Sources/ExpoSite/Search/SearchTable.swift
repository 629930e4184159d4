import ExpoCatalog

/// Every word of one language's search, with the exhibits it is found in: by name (the
/// exhibit's name here and in the catalog's other languages) and by short text. Exhibits
/// are numbered by their place in the list. The shards are cut from this table, and the
/// server answers a search without JavaScript from it.
struct SearchTable: Sendable {
    struct Record: Sendable {
        var word: [Unicode.Scalar]
        /// A word found inside a written word (大藏經's 藏經, 팔만대장경's 대장경), not at its start.
        var inner: Bool
        var names: [Int32]
        var texts: [Int32]
        /// The word as shards file it (`SearchText.pathScalar`).
        var path: [Unicode.Scalar]
    }

    /// Sorted by path, then word, then whole words before inner ones: the words a shard
    /// holds are one run of this list.
    var records: [Record]
    var count: Int

    /// How many inner starts a written word gives at most: enough for a compound's parts,
    /// not every ending of a long run of Chinese characters.
    static let innerStarts = 12

    init(edition: Edition, others: [Edition] = []) {
        struct Key: Hashable {
            var word: [Unicode.Scalar]
            var inner: Bool
        }
        // Positions into two lists, so that a word's list grows in place: an entry copied
        // out of the dictionary and back is a copy of 100,000 numbers for a common word.
        var found: [Key: Int] = [:]
        var keys: [Key] = []
        var names: [[Int32]] = []
        var texts: [[Int32]] = []
        func add(_ text: String, doc: Int32, asName: Bool) {
            for word in SearchText.words(text) {
                // Each start keeps only its first letters (`SearchText.longestWord`), so that
                // one word adds at most 13 short entries, however long it is.
                var wordKeys = [Key(word: SearchText.kept(word[...]), inner: false)]
                var start = 1
                while start < word.count, start <= Self.innerStarts {
                    if SearchText.isUnspaced(word[start]) { wordKeys.append(Key(word: SearchText.kept(word[start...]), inner: true)) }
                    start += 1
                }
                for key in wordKeys {
                    let at: Int
                    if let known = found[key] {
                        at = known
                    } else {
                        at = keys.count
                        found[key] = at
                        keys.append(key)
                        names.append([])
                        texts.append([])
                    }
                    if asName {
                        if names[at].last != doc { names[at].append(doc) }
                    } else if texts[at].last != doc {
                        texts[at].append(doc)
                    }
                }
            }
        }
        for (index, exhibit) in edition.exhibits.enumerated() {
            let doc = Int32(index)
            add(exhibit.displayName, doc: doc, asName: true)
            for name in Self.otherNames(index, edition, others) { add(name, doc: doc, asName: true) }
            add(exhibit.shortDescription, doc: doc, asName: false)
        }
        records = keys.indices.map { at in
            Record(word: keys[at].word, inner: keys[at].inner, names: names[at], texts: texts[at],
                   path: keys[at].word.map(SearchText.pathScalar))
        }
        records.sort(by: Self.inOrder)
        count = edition.exhibits.count
    }

    static func inOrder(_ a: Record, _ b: Record) -> Bool {
        if a.path != b.path { return a.path.lexicographicallyPrecedes(b.path, by: { $0.value < $1.value }) }
        if a.word != b.word { return a.word.lexicographicallyPrecedes(b.word, by: { $0.value < $1.value }) }
        return !a.inner && b.inner
    }

    /// The exhibit's names in the catalog's other languages that differ from its name here,
    /// each once: a visitor may search by any of them.
    static func otherNames(_ index: Int, _ edition: Edition, _ others: [Edition]) -> [String] {
        var names: [String] = []
        for other in others where other.exhibits.indices.contains(index) {
            let name = other.exhibits[index].displayName
            if name != edition.exhibits[index].displayName, !names.contains(name) { names.append(name) }
        }
        return names
    }
}
