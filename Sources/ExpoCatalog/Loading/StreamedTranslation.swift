import Foundation

/// A large translation's items file read a few runs of entries at a time, each entry
/// translated over its exhibit as it comes and let go: a translation then costs its packed
/// exhibits, not its parsed values beside them (about three times the file's bytes, 160 MB
/// of English for 100,000 records held as 480 MB of values).
///
/// The translated table is in the exhibits' order, so this reads a file whose entries come in
/// that order, as `convert`, the studio and most programs write them; entries may be missing,
/// unknown or repeated. An entry for an exhibit already passed makes it give up (nil), and
/// the file is parsed whole. What it finds is what `ExhibitDecoder.translate` finds, in the
/// same order.
struct StreamedTranslation {
    var exhibits: ExhibitTable
    /// A digest of the file's bytes, run by run, as `StreamedItems` makes one.
    var digest: UInt64
    /// A warning for each key given twice, as parsing the file whole words and places it.
    var duplicateKeys: [Diagnostic]
    /// Each entry's index by its id as written, the first entry's for an id given twice.
    var indexByID: [String: Int]

    /// The translation at `path` of `primary`. Nil, with `untranslated` and `reader`
    /// untouched, when it is not a well-formed list of at least `StreamedItems.minimumCount`
    /// entries in the exhibits' order, or cannot be read.
    static func read(path: String, displayPath: String, primary: ExhibitTable, primaryLanguage: Language,
                     untranslated: inout Set<String>, reader: inout FieldReader) -> StreamedTranslation? {
        guard let list = ListFileRuns(path: path, minimumCount: StreamedItems.minimumCount) else { return nil }
        var translation = Translation(primary: primary, note: ExhibitDecoder.fallbackNote(primaryLanguage), primaryLanguage: primaryLanguage,
                                      untranslated: untranslated, reader: reader)
        var runDigests: [UInt64] = []
        var duplicates: [JSONParser.OffsetDuplicate] = []
        let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        // Parsed on every core, a run each; translated in the list's order.
        let read = list.forEachGroup(cores: cores) { group in
            let parsed = Runs.map(group.runs) { run in
                group.bytes.withUnsafeBufferPointer { JSONParser.parseEntries($0, starts: group.starts, entries: run) }
            }
            guard parsed.count == group.runs.count else { return false }
            for (run, result) in zip(group.runs, parsed) {
                guard var result else { return false }
                runDigests.append(group.digest(of: run))
                duplicates += group.inFile(result.duplicates)
                for offset in result.values.indices {
                    let entry = result.values[offset]
                    result.values[offset] = .null
                    guard translation.add(entry, index: group.first + run.lowerBound + offset) else { return false }
                }
            }
            return true
        }
        guard read, let warnings = list.duplicateKeyWarnings(duplicates, displayPath: displayPath) else { return nil }
        let exhibits = translation.finish()
        untranslated = translation.untranslated
        reader = translation.checking
        return StreamedTranslation(exhibits: exhibits, digest: list.digest(ofRuns: runDigests),
                                   duplicateKeys: warnings, indexByID: translation.indexByID)
    }

    /// The translation so far. `ExhibitDecoder.translate` checks every entry, then
    /// translates the exhibits in order; here both go on at once, each with a reader of
    /// its own, and the translating reader's findings follow the checking one's at the end.
    private struct Translation {
        let primary: ExhibitTable
        let note: String
        let primaryLanguage: Language
        var untranslated: Set<String>
        /// What checking each entry finds (its shape, its id, its keys).
        var checking: FieldReader
        /// What translating the exhibits finds, in their order.
        var translating: FieldReader
        /// Each exhibit's place by its id.
        let positions: [String: Int]
        var entryByID: [String: Int] = [:]
        var indexByID: [String: Int] = [:]
        var translated = ExhibitTable()
        /// The next exhibit to translate: those before it have been, or have no entry so far.
        var next = 0

        init(primary: ExhibitTable, note: String, primaryLanguage: Language, untranslated: Set<String>, reader: FieldReader) {
            self.primary = primary
            self.note = note
            self.primaryLanguage = primaryLanguage
            self.untranslated = untranslated
            checking = reader
            translating = FieldReader(file: reader.file)
            translating.keepsNotes = reader.keepsNotes
            var positions: [String: Int] = [:]
            positions.reserveCapacity(primary.count)
            for position in primary.indices {
                let id = primary.id(at: position)
                if positions[id] == nil { positions[id] = position }
            }
            self.positions = positions
        }

        /// Checks entry `index` and translates its exhibit; false when its exhibit has been
        /// passed already, without an entry.
        mutating func add(_ entry: JSONValue, index: Int) -> Bool {
            if case let .string(id)? = entry["image_name"], indexByID[id] == nil { indexByID[id] = index }
            let matched = checking.entry(index) { reader in
                ExhibitDecoder.checkTranslationEntry(entry, index: index, entryByID: &entryByID, isKnown: { positions[$0] != nil },
                                                     primaryLanguage: primaryLanguage, reader: &reader)
            }
            guard let position = matched.flatMap({ positions[$0] }) else { return true }
            guard position >= next else { return false }
            passOver(upTo: position)
            let exhibit = primary[position]
            let before = translating.untranslated.count
            translated.appendPacking(translating.entry(index) { reader in
                ExhibitDecoder.translateEntry(entry, index: index, from: exhibit, note: note, reader: &reader)
            })
            untranslated.formUnion(translating.untranslated[before...].map { "\(exhibit.id).\($0)" })
            next = position + 1
            return true
        }

        /// The exhibits before `end` not yet translated, which have no entry so far: the
        /// main language's texts stand in.
        private mutating func passOver(upTo end: Int) {
            while next < end {
                let exhibit = primary[next]
                translating.warn(at: "", "no entry for \"\(exhibit.id)\"\(note)")
                let texts = ExhibitDecoder.allTexts([exhibit])
                untranslated.formUnion(texts)
                translating.untranslated += texts
                translated.appendPacking(exhibit)
                next += 1
            }
        }

        /// The translated table, the exhibits after the last entry passed over; `checking`
        /// then holds every finding, in the order translating the file whole gives them.
        mutating func finish() -> ExhibitTable {
            passOver(upTo: primary.count)
            translated.pack()
            checking.append(translating.diagnostics[...])
            checking.absorbNotesAndKeys(of: translating)
            checking.untranslated += translating.untranslated
            checking.entryIndexByID = entryByID
            checking.reportUnknownKeys()
            return translated
        }
    }
}
