import ExpoCatalog

/// A table made from the one before it, when only some exhibits' texts changed: their old
/// words are taken out of it and their new ones put in, and every other record is kept as it
/// was. At 100,000 exhibits that is milliseconds, where reading every exhibit again took
/// seconds after a publish of one word. `SearchDerivationTests` holds it to a table made
/// whole, record for record.
extension SearchTable {
    /// The table, and the paths of the records that are not as they were (added, removed or
    /// holding other exhibits): the shards of every other path keep their bytes.
    struct Derived {
        var table: SearchTable
        var touchedPaths: [[Unicode.Scalar]]
    }

    /// `before` is the table of `old` and `oldOthers`; `changed` holds every place in the
    /// list whose exhibit differs in any language (the list's length and order are the same).
    static func derived(from before: SearchTable, changed: [Int], old: (edition: Edition, others: [Edition]),
                        edition: Edition, others: [Edition]) -> Derived {
        let changed = changed.sorted()
        let changedDocs = Set(changed.map(Int32.init))
        // The exhibits each word of a changed exhibit now holds among the changed ones;
        // every word they held before is listed too, with none if they no longer hold it.
        var added: [Key: (names: [Int32], texts: [Int32])] = [:]
        for index in changed {
            forEachKey(of: index, old.edition, old.others) { key, _ in
                if added[key] == nil { added[key] = ([], []) }
            }
        }
        for index in changed {
            let doc = Int32(index)
            forEachKey(of: index, edition, others) { key, asName in
                var entry = added[key] ?? ([], [])
                if asName {
                    if entry.names.last != doc { entry.names.append(doc) }
                } else if entry.texts.last != doc {
                    entry.texts.append(doc)
                }
                added[key] = entry
            }
        }
        var updates: [(record: Record, isEmpty: Bool)] = []
        var touchedPaths: [[Unicode.Scalar]] = []
        for (key, docs) in added {
            let found = before.position(of: key)
            let kept = found.map { before.records[$0] }
            let names = merged(kept?.names.filter { !changedDocs.contains($0) } ?? [], docs.names)
            let texts = merged(kept?.texts.filter { !changedDocs.contains($0) } ?? [], docs.texts)
            if let kept, kept.names == names, kept.texts == texts { continue }
            let record = Record(key, names: names, texts: texts)
            touchedPaths.append(record.path)
            updates.append((record, names.isEmpty && texts.isEmpty))
        }
        updates.sort { inOrder($0.record, $1.record) }
        var records: [Record] = []
        records.reserveCapacity(before.records.count + updates.count)
        var next = 0
        for record in before.records {
            while next < updates.count, inOrder(updates[next].record, record) {
                if !updates[next].isEmpty { records.append(updates[next].record) }
                next += 1
            }
            if next < updates.count, updates[next].record.word == record.word, updates[next].record.inner == record.inner {
                if !updates[next].isEmpty { records.append(updates[next].record) }
                next += 1
            } else {
                records.append(record)
            }
        }
        for update in updates[next...] where !update.isEmpty { records.append(update.record) }
        return Derived(table: SearchTable(records: records, count: edition.exhibits.count), touchedPaths: touchedPaths)
    }

    /// Where the record of `key` is, found by halving: the records are in `inOrder`'s order.
    func position(of key: Key) -> Int? {
        let probe = Record(key, names: [], texts: [])
        var (low, high) = (0, records.count)
        while low < high {
            let middle = (low + high) / 2
            if Self.inOrder(records[middle], probe) { low = middle + 1 } else { high = middle }
        }
        guard low < records.count, records[low].word == key.word, records[low].inner == key.inner else { return nil }
        return low
    }

    /// Two ascending lists of exhibits with none in common, as one.
    private static func merged(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        guard !b.isEmpty else { return a }
        guard !a.isEmpty else { return b }
        var result: [Int32] = []
        result.reserveCapacity(a.count + b.count)
        var (i, j) = (a.startIndex, b.startIndex)
        while i < a.endIndex, j < b.endIndex {
            if a[i] < b[j] {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }
}
