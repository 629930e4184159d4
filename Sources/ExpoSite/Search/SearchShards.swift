import ExpoCatalog

/// One language's search index cut into small files, so that a query fetches only what
/// its words need (a manifest, a shard or two, the rows it shows) however large the catalog.
///
/// Words are filed in a tree by their letters (`SearchText.pathScalar`: a Hangul syllable by
/// its initial consonant). A branch small enough becomes one shard (`t<key>.json`) of its
/// words and their exhibits. A larger one is cut by its next letter, and keeps a summary
/// shard for queries that end there: for each way its letters are spelled (ㄱ as 가, 고, …)
/// the exhibits with a word so starting, and those whose word is exactly that. Words of four
/// letters or more are also listed by their first two (`v<key>.json`) for typo matching, and
/// the rows to show come in chunks of `chunk` exhibits (`d<n>.json`). search.js reads these
/// files; the format is its, described in `manifest`.
///
/// A branch's files are named after its letters (`<key>` is the hex of their UTF-8: `t.json`
/// for the root, `te18480.json` for ㄱ), not numbered in the order they are made: a catalog
/// changed in one exhibit then leaves every file its words and rows are not in with the
/// same name and bytes, and an export into an earlier one writes only the others. A word
/// that cuts a branch in two renames that branch's files alone. The names stay while the
/// bytes change, so the files are asked again at each use (`no-cache`), not kept for a year;
/// naming each by its bytes instead put a name per file in the manifest, which grew from
/// 6.5 KB to 87 KB compressed at 100,000 real records.
struct SearchShards: Sendable {
    /// 2: words are cut to `SearchText.longestWord` letters. 3: files named by their letters.
    static let format = 3
    /// Rows a file holds: a query shows a dozen rows from anywhere in the list, each from
    /// its own file, so the files are small (about 1 KB compressed for 16 of a real collection's).
    static let chunk = 16

    static let manifestName = "manifest.json"

    /// File name (`manifest.json`, `t.json`, `te18480.json`, `d0.json`, …) → its bytes.
    private(set) var files: [String: [UInt8]] = [:]
    /// The branches with a file, in the order the manifest lists them.
    private(set) var nodes: [(key: String, kind: Int)] = []
    /// The files not made, as the index this one was made from holds them with the same bytes.
    private(set) var reused: [String] = []
    private let reuse: Reuse?

    /// The files, moved out and no longer held here: whoever keeps them in another form can
    /// let each go as it is converted.
    mutating func takeFiles() -> [String: [UInt8]] {
        defer { files = [:] }
        return files
    }
    private var typo: [String] = []

    /// `listLink` is the list's address; an exhibit's is `listLink` + id + `/`. `filesLink`
    /// is the folder the files but the manifest are in.
    /// `reusing`: what the index made before this one holds, when the table was derived from
    /// its table (`SearchTable.derived`); the files it holds unchanged are not made again.
    init(table: SearchTable, edition: Edition, others: [Edition], listLink: String, filesLink: String, limit: Int,
         reusing reuse: Reuse? = nil) {
        self.reuse = reuse
        let records = table.records
        let encoded = records.map(Self.encode)
        addNode(prefix: [], records.indices, records: records, encoded: encoded, limit: limit)
        let vocabulary = records.filter { !$0.inner && $0.word.count >= 4 }
        addVocabulary(prefix: [], vocabulary[...], limit: limit)
        addRows(edition: edition, others: others)
        files[Self.manifestName] = manifest(count: table.count, listLink: listLink, filesLink: filesLink)
    }

    private func manifest(count: Int, listLink: String, filesLink: String) -> [UInt8] {
        var text = "{\"format\":\(Self.format),\"count\":\(count),\"chunk\":\(Self.chunk),\"list\":\(JSONText.quoted(listLink)),"
        text += "\"files\":\(JSONText.quoted(filesLink)),\"nodes\":{"
        text += nodes.map { "\(JSONText.quoted($0.key)):[\($0.kind)]" }.joined(separator: ",")
        text += "},\"typo\":{"
        text += typo.map { "\(JSONText.quoted($0)):1" }.joined(separator: ",")
        text += "}}"
        return Array(text.utf8)
    }

    /// The name of a branch's file of `kind`: its letters' UTF-8 in hex, as search.js makes it.
    static func fileName(_ kind: String, key: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var name = Array(kind.utf8)
        for byte in key.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self) + ".json"
    }

    private static func key(_ path: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(path)) }

    /// `["word",[names],[texts]]`, with `,1` for an inner word; exhibit numbers as the
    /// differences from the one before, which compress to almost nothing in long lists.
    private static func encode(_ record: SearchTable.Record) -> String {
        "[" + JSONText.quoted(key(record.word[...])) + "," + deltas(record.names) + "," + deltas(record.texts) + (record.inner ? ",1]" : "]")
    }

    static func deltas(_ docs: [Int32]) -> String {
        var text = "["
        var last: Int32 = 0
        for (index, doc) in docs.enumerated() {
            if index > 0 { text += "," }
            text += String(index == 0 ? doc : doc - last)
            last = doc
        }
        return text + "]"
    }

    private mutating func addTermFile(key: String, kind: Int, _ text: String) {
        nodes.append((key, kind))
        files[Self.fileName("t", key: key)] = Array(text.utf8)
    }

    private mutating func addNode(prefix: [Unicode.Scalar], _ range: Range<Int>, records: [SearchTable.Record], encoded: [String], limit: Int) {
        if let block = reuse?.branch(prefix) {
            nodes += block
            reused += block.map { Self.fileName("t", key: $0.key) }
            return
        }
        let depth = prefix.count
        let size = encoded[range].reduce(0) { $0 + $1.utf8.count + 1 }
        let longer = range.first { records[$0].path.count > depth }
        guard size > limit, let firstLonger = longer else {
            addTermFile(key: Self.key(prefix[...]), kind: 0, "[" + encoded[range].joined(separator: ",") + "]")
            return
        }
        if depth > 0 { addTermFile(key: Self.key(prefix[...]), kind: 1, Self.summary(depth: depth, records[range])) }
        // Shorter paths sort first, so the longer ones are one run, grouped by their next letter.
        var start = firstLonger
        while start < range.upperBound {
            let letter = records[start].path[depth]
            var end = start + 1
            while end < range.upperBound, records[end].path[depth] == letter { end += 1 }
            addNode(prefix: prefix + [letter], start..<end, records: records, encoded: encoded, limit: limit)
            start = end
        }
    }

    /// For each spelling of a branch's first `depth` letters: `[spelling, names, texts,
    /// names where the whole word, texts where the whole word]`.
    private static func summary(depth: Int, _ records: ArraySlice<SearchTable.Record>) -> String {
        var groups: [String: (names: [Int32], texts: [Int32], wholeNames: [Int32], wholeTexts: [Int32])] = [:]
        for record in records {
            let spelling = key(record.word.prefix(depth))
            var group = groups.removeValue(forKey: spelling) ?? ([], [], [], [])
            group.names += record.names
            group.texts += record.texts
            if !record.inner, record.word.count == depth {
                group.wholeNames += record.names
                group.wholeTexts += record.texts
            }
            groups[spelling] = group
        }
        func sorted(_ docs: [Int32]) -> String { deltas(Array(Set(docs)).sorted()) }
        return "[" + groups.keys.sorted().map { spelling in
            let group = groups[spelling]!
            return "[" + JSONText.quoted(spelling) + "," + sorted(group.names) + "," + sorted(group.texts) + ","
                + sorted(group.wholeNames) + "," + sorted(group.wholeTexts) + "]"
        }.joined(separator: ",") + "]"
    }

    /// Words of four letters or more by their first two path letters (one file for all of
    /// them while they are few): a typo is looked for after the first two letters.
    private mutating func addVocabulary(prefix: [Unicode.Scalar], _ words: ArraySlice<SearchTable.Record>, limit: Int) {
        let size = words.reduce(0) { $0 + $1.word.count + 3 }
        if size <= limit || prefix.count == 2 {
            let key = Self.key(prefix[...])
            typo.append(key)
            files[Self.fileName("v", key: key)] = Array(("[" + words.map { JSONText.quoted(Self.key($0.word[...])) }.joined(separator: ",") + "]").utf8)
            return
        }
        var start = words.startIndex
        while start < words.endIndex {
            let letter = words[start].path[prefix.count]
            var end = start + 1
            while end < words.endIndex, words[end].path[prefix.count] == letter { end += 1 }
            addVocabulary(prefix: prefix + [letter], words[start..<end], limit: limit)
            start = end
        }
    }

    /// `[id, name, short text, [names in other languages]]` for each exhibit, in chunks.
    private mutating func addRows(edition: Edition, others: [Edition]) {
        let exhibits = edition.exhibits
        for first in stride(from: 0, to: exhibits.count, by: Self.chunk) {
            if let reuse, !reuse.changedChunks.contains(first / Self.chunk) {
                reused.append("d\(first / Self.chunk).json")
                continue
            }
            let rows = (first..<min(exhibits.count, first + Self.chunk)).map { index in
                let exhibit = exhibits[index]
                let names = SearchTable.otherNames(index, edition, others)
                return "[" + JSONText.quoted(exhibit.id) + "," + JSONText.quoted(exhibit.displayName) + ","
                    + JSONText.quoted(exhibit.shortDescription) + ",[" + names.map(JSONText.quoted).joined(separator: ",") + "]]"
            }
            files["d\(first / Self.chunk).json"] = Array(("[" + rows.joined(separator: ",") + "]").utf8)
        }
    }

    /// What an index made before holds that a derived one can take as it is.
    struct Reuse {
        private let nodes: [(key: String, kind: Int)]
        private let nodeAt: [[Unicode.Scalar]: Int]
        /// Every start of every path whose records changed, the empty one included.
        private let touched: Set<[Unicode.Scalar]>
        /// The files of rows (`d<n>.json`) that hold a changed exhibit.
        let changedChunks: Set<Int>

        init(nodes: [(key: String, kind: Int)], touchedPaths: [[Unicode.Scalar]], changed: [Int]) {
            self.nodes = nodes
            var nodeAt: [[Unicode.Scalar]: Int] = [:]
            for (at, node) in nodes.enumerated() { nodeAt[Array(node.key.unicodeScalars)] = at }
            self.nodeAt = nodeAt
            var touched: Set<[Unicode.Scalar]> = []
            for path in touchedPaths {
                for length in 0...path.count { touched.insert(Array(path.prefix(length))) }
            }
            self.touched = touched
            changedChunks = Set(changed.map { $0 / SearchShards.chunk })
        }

        /// The earlier index's files of the branch at `prefix` and every branch under it,
        /// when none of their words changed: the branch then holds the same records, cut
        /// the same way. Nil when a word under it changed, or the earlier index did not
        /// make this branch (it was cut higher up, or not as far).
        func branch(_ prefix: [Unicode.Scalar]) -> ArraySlice<(key: String, kind: Int)>? {
            guard !touched.contains(prefix) else { return nil }
            // Nothing changed: the whole tree, whose root has no file of its own once cut.
            if prefix.isEmpty { return nodes[...] }
            guard let start = nodeAt[prefix] else { return nil }
            var end = start + 1
            while end < nodes.count, nodes[end].key.unicodeScalars.starts(with: prefix) { end += 1 }
            return nodes[start..<end]
        }
    }
}
