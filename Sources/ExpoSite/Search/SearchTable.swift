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

        init(_ key: Key, names: [Int32], texts: [Int32]) {
            word = key.word
            inner = key.inner
            self.names = names
            self.texts = texts
            path = key.word.map(SearchText.pathScalar)
        }

        var key: Key { Key(word: word, inner: inner) }
    }

    /// Sorted by path, then word, then whole words before inner ones: the words a shard
    /// holds are one run of this list.
    var records: [Record]
    var count: Int

    /// How many inner starts a written word gives at most: enough for a compound's parts,
    /// not every ending of a long run of Chinese characters.
    static let innerStarts = 12

    /// A word as the table files it: whole, or an inner start of an unspaced word.
    struct Key: Hashable {
        var word: [Unicode.Scalar]
        var inner: Bool
    }

    init(edition: Edition, others: [Edition] = []) {
        // Positions into two lists, so that a word's list grows in place: an entry copied
        // out of the dictionary and back is a copy of 100,000 numbers for a common word.
        var found: [Key: Int] = [:]
        var keys: [Key] = []
        var names: [[Int32]] = []
        var texts: [[Int32]] = []
        func add(_ key: Key, doc: Int32, asName: Bool) {
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
        for index in edition.exhibits.indices {
            let doc = Int32(index)
            Self.forEachKey(of: index, edition, others) { add($0, doc: doc, asName: $1) }
        }
        records = keys.indices.map { at in Record(keys[at], names: names[at], texts: texts[at]) }
        records.sort(by: Self.inOrder)
        count = edition.exhibits.count
    }

    init(records: [Record], count: Int) {
        self.records = records
        self.count = count
    }

    /// Each key the exhibit at `index` is found by, with whether it is found there by name
    /// (its name here and in the other languages) or by its short text.
    static func forEachKey(of index: Int, _ edition: Edition, _ others: [Edition], _ body: (Key, _ asName: Bool) -> Void) {
        let exhibit = edition.exhibits[index]
        forEachKey(in: exhibit.displayName) { body($0, true) }
        for name in otherNames(index, edition, others) { forEachKey(in: name) { body($0, true) } }
        forEachKey(in: exhibit.shortDescription) { body($0, false) }
    }

    /// Each key a text files under: each word's start, and the inner starts of an unspaced
    /// word. Each start keeps only its first letters (`SearchText.longestWord`), so that one
    /// word adds at most 13 short entries, however long it is.
    static func forEachKey(in text: String, _ body: (Key) -> Void) {
        for word in SearchText.words(text) {
            body(Key(word: SearchText.kept(word[...]), inner: false))
            var start = 1
            while start < word.count, start <= innerStarts {
                if SearchText.isUnspaced(word[start]) { body(Key(word: SearchText.kept(word[start...]), inner: true)) }
                start += 1
            }
        }
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
