import Foundation

/// Turns `items.json` (and its translations) into exhibits, checking the ids that become URLs.
enum ExhibitDecoder {
    /// Every key an exhibit's entry may have.
    static let keys = ItemColumn.entryKeys + ["images", "fields"]

    /// `cores`: how many share a large list (all of the machine's when nil).
    static func decode(_ json: JSONValue, reader: inout FieldReader, cores: Int? = nil,
                       floors: PositionDecoder.KnownFloors = .none) -> ExhibitTable? {
        guard case let .array(entries) = json else {
            reader.fail(at: "", "expected a list [ { \"name\": …, \"image_name\": … }, … ] at the top level, found \(json.kindDescription)")
            return nil
        }
        var gathered = Gathered()
        gathered.exhibits.reserveCapacity(entries.count)
        var parts = decodeInParts(entries, file: reader.file, keepsNotes: reader.keepsNotes, cores: cores, floors: floors)
        gathered.add(&parts, to: &reader)
        reader.reportUnknownKeys()
        return gathered.exhibits
    }

    /// The exhibits of a list's runs, added run after run in the list's order, with an
    /// error for each id an earlier entry has.
    struct Gathered {
        var exhibits = ExhibitTable()
        private var firstIndexOfID: [String: Int] = [:]

        /// Adds `parts` (moved out of them) and their readers' findings to `reader`.
        mutating func add(_ parts: inout [Part], to reader: inout FieldReader) {
            for part in parts.indices {
                var used = 0
                for offset in parts[part].entries.indices {
                    let index = parts[part].first + offset
                    let diagnosticsEnd = parts[part].entries[offset].diagnosticsEnd
                    reader.append(parts[part].reader.diagnostics[used..<diagnosticsEnd])
                    used = diagnosticsEnd
                    // Moved out, not copied: copying 69,202 exhibits and then freeing the parts
                    // retained and released every text twice.
                    let exhibit = parts[part].entries[offset].exhibit.take()
                    guard let id = parts[part].packed == nil ? exhibit?.id : parts[part].packedIDs[offset] else { continue }
                    if let first = firstIndexOfID[id] {
                        reader.fail(at: "[\(index)].image_name", "\"\(id)\" is already the id of [\(first)]; ids must be unique")
                        reader.entriesWithProblems.insert(index)
                    } else if Exhibit.isSafeID(id), Exhibit.lengthProblem(id) == nil {
                        firstIndexOfID[id] = index
                    }
                    if let exhibit { exhibits.append(exhibit) }
                }
                reader.absorbNotesAndKeys(of: parts[part].reader)
                if let packed = parts[part].packed { exhibits.append(packed) }
            }
            // Packed as they come: a large list is never held decoded whole.
            exhibits.pack()
        }
    }

    /// A run of entries read by a reader of its own: each entry's exhibit, and how many
    /// diagnostics the reader had after it.
    struct Part: Sendable {
        var first: Int
        var entries: [(exhibit: Exhibit?, diagnosticsEnd: Int)] = []
        var reader: FieldReader
        /// The run's exhibits once packed, on the core that read them, with each entry's id
        /// (nil for an entry that made no exhibit).
        var packed: PackedExhibits?
        var packedIDs: [String?] = []

        /// Packs the exhibits, which `entries` then no longer hold.
        mutating func pack() {
            packed = PackedExhibits(entries.lazy.compactMap(\.exhibit))
            packedIDs = entries.map { $0.exhibit?.id }
            for offset in entries.indices { entries[offset].exhibit = nil }
        }
    }

    /// At least this many entries are read on several cores.
    static let partedCount = 4096

    /// The entries in runs, on every core for a large list; the runs in order. Whether an
    /// id is another entry's too is left to the caller, which sees them all in order.
    static func decodeInParts(_ entries: [JSONValue], file: String, keepsNotes: Bool = true, cores: Int? = nil,
                              floors: PositionDecoder.KnownFloors = .none) -> [Part] {
        let cores = cores ?? (entries.count >= partedCount ? ProcessInfo.processInfo.activeProcessorCount : 1)
        return Runs.map(Runs.split(entries.count, into: cores)) { run in
            var part = decodePart(entries[run], first: run.lowerBound, file: file, keepsNotes: keepsNotes, floors: floors, texts: TextTable())
            part.pack()
            return part
        }
    }

    /// One run of entries, `entries.first` at the list's index `first`, read by a reader of
    /// its own. `texts`: where facts that recur from entry to entry are held once.
    static func decodePart(_ entries: ArraySlice<JSONValue>, first: Int, file: String, keepsNotes: Bool = true,
                           floors: PositionDecoder.KnownFloors = .none, texts: TextTable) -> Part {
        var reader = FieldReader(file: file)
        reader.keepsNotes = keepsNotes
        var part = Part(first: first, reader: reader)
        part.entries.reserveCapacity(entries.count)
        for position in entries.indices {
            let index = first + position - entries.startIndex
            let exhibit = part.reader.entry(index) { decodeEntry(entries[position], index: index, floors: floors, texts: texts, reader: &$0) }
            part.entries.append((exhibit, part.reader.diagnostics.count))
        }
        return part
    }

    /// One entry of `items.json`, or nil (with a warning) when it is not an object. Whether
    /// its id is another entry's too is for the caller, who sees them all.
    /// `texts`: where facts that recur across entries are held once.
    static func decodeEntry(_ entry: JSONValue, index: Int, floors: PositionDecoder.KnownFloors = .none,
                            texts: TextTable? = nil, reader: inout FieldReader) -> Exhibit? {
        let place = "[\(index)]"
        guard case .object = entry else {
            reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
            return nil
        }
        reader.checkKeys(entry, known: keys, at: place)
        let fallbackID = "exhibit-\(index + 1)"
        let id = reader.text(entry, "image_name", at: place, fallback: fallbackID,
                             because: "; the exhibit gets the id \"\(fallbackID)\"", keepingControls: true)
        if !Exhibit.isSafeID(id) {
            reader.fail(at: "\(place).image_name", "\"\(id)\" is not a safe id: use only letters, digits, - and _")
        } else if let tooLong = Exhibit.lengthProblem(id) {
            reader.fail(at: "\(place).image_name", tooLong)
        }
        let exhibit = Exhibit(
            id: id,
            stop: StopNumbers.stop(entry, index: index, at: place, reader: &reader),
            name: reader.name(entry, "name", at: place, fallback: ""),
            shortDescription: reader.text(entry, "short_desc", at: place, fallback: ""),
            description: reader.text(entry, "desc", at: place, fallback: ""),
            images: ExhibitContentDecoder.images(entry, id: id, at: place, reader: &reader),
            facts: ExhibitContentDecoder.facts(entry, at: place, reader: &reader, texts: texts),
            audio: ExhibitContentDecoder.audio(entry, at: place, reader: &reader),
            transcript: ExhibitContentDecoder.transcript(entry, at: place, reader: &reader),
            position: PositionDecoder.position(entry, at: place, floors: floors, reader: &reader),
            versions: ExhibitContentDecoder.versions(entry, at: place, reader: &reader))
        // Only when notes are made: each look at the images of an exhibit that has only its
        // own makes the list of one.
        if reader.keepsNotes { noteImagesWithoutAlt(exhibit.images, givenImages: entry["images"] != nil, place: place, reader: &reader) }
        return exhibit
    }

    /// A note for each of an exhibit's images without alt text, at the entry's `images` when
    /// it gives them (`givenImages`), else at the entry.
    static func noteImagesWithoutAlt(_ images: [ExhibitImage], givenImages: Bool, place: String, reader: inout FieldReader) {
        for image in images where !image.hasAlt {
            reader.note(at: givenImages ? "\(place).images" : place,
                        "the image \"\(image.name)\" has no alt text; the exhibit's name stands in for it")
        }
    }

    /// A translation, matched to the primary exhibits by id. Entries with an unknown or
    /// repeated id are ignored with a warning; exhibits without an entry keep the primary text.
    /// `untranslated` gains `id.key` for each of an exhibit's texts that the primary text stands in for.
    /// `json` is taken, not borrowed: each entry is let go once translated, so that a large
    /// file's values are not held beside all of the packed exhibits made of them.
    static func translate(_ json: consuming JSONValue, from primary: ExhibitTable, primaryLanguage: Language,
                          untranslated: inout Set<String>, reader: inout FieldReader) -> ExhibitTable {
        let kind = json.kindDescription
        guard case var .array(entries) = consume json else {
            reader.fail(at: "", "expected a list [ { \"name\": …, \"image_name\": … }, … ] at the top level, found \(kind)")
            untranslated.formUnion(allTexts(primary))
            return primary
        }
        let primaryIDs = Set(primary.map(\.id))
        var entryByID: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            _ = reader.entry(index) { reader in
                checkTranslationEntry(entry, index: index, entryByID: &entryByID, isKnown: primaryIDs.contains,
                                      primaryLanguage: primaryLanguage, reader: &reader)
            }
        }
        reader.entryIndexByID = entryByID
        defer { reader.reportUnknownKeys() }
        let note = fallbackNote(primaryLanguage)
        var translated = ExhibitTable()
        for exhibit in primary {
            guard let index = entryByID[exhibit.id] else {
                reader.warn(at: "", "no entry for \"\(exhibit.id)\"\(note)")
                let texts = allTexts([exhibit])
                untranslated.formUnion(texts)
                reader.untranslated += texts
                translated.appendPacking(exhibit)
                continue
            }
            let before = reader.untranslated.count
            defer { untranslated.formUnion(reader.untranslated[before...].map { "\(exhibit.id).\($0)" }) }
            let entry = entries[index]
            entries[index] = .null
            translated.appendPacking(reader.entry(index) { reader in translateEntry(entry, index: index, from: exhibit, note: note, reader: &reader) })
        }
        translated.pack()
        return translated
    }

    /// Checks entry `index` of a translation: that it is an object with an id, its id not an
    /// earlier entry's and `isKnown`, and its keys. Returns the id it is matched by, kept in
    /// `entryByID`; nil, with the warning that says why, for an entry that is ignored.
    static func checkTranslationEntry(_ entry: JSONValue, index: Int, entryByID: inout [String: Int], isKnown: (String) -> Bool,
                                      primaryLanguage: Language, reader: inout FieldReader) -> String? {
        let place = "[\(index)]"
        guard case .object = entry else {
            reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
            return nil
        }
        guard case let .success(id) = FieldReader.text(entry, "image_name") else {
            reader.warn(at: "\(place).image_name", "missing or not text; the entry cannot be matched and is ignored")
            return nil
        }
        var matched: String?
        if let earlier = entryByID[id] {
            reader.warn(at: "\(place).image_name", "\"\(id)\" is already used by [\(earlier)]; this entry is ignored")
        } else if !isKnown(id) {
            reader.warn(at: "\(place).image_name", "\"\(id)\" has no exhibit in the \(primaryLanguage.englishName) catalog; ignored")
        } else {
            entryByID[id] = index
            matched = id
        }
        reader.checkKeys(entry, known: keys, at: place)
        return matched
    }

    /// One entry of a translation, over the primary exhibit it was matched with by id.
    static func translateEntry(_ entry: JSONValue, index: Int, from exhibit: Exhibit, note: String, reader: inout FieldReader) -> Exhibit {
        let place = "[\(index)]"
        if let given = StopNumbers.read(entry["stop"]), given != .stop(exhibit.stop) {
            reader.warn(at: "\(place).stop", "a stop is the same in every language; the main language's, \(exhibit.stop), is used")
        }
        PositionDecoder.checkTranslation(entry, at: place, reader: &reader)
        var translated = Exhibit(
            id: exhibit.id,
            stop: exhibit.stop,
            name: reader.name(entry, "name", at: place, fallback: exhibit.name, because: note),
            shortDescription: reader.text(entry, "short_desc", at: place, fallback: exhibit.shortDescription, because: note),
            description: reader.text(entry, "desc", at: place, fallback: exhibit.description, because: note),
            images: ExhibitContentDecoder.translateImages(entry, from: exhibit.images, at: place, note: note, reader: &reader),
            facts: ExhibitContentDecoder.translateFacts(entry, from: exhibit.facts, at: place, note: note, reader: &reader),
            // A recording is in one language: a translation has its own or none.
            audio: ExhibitContentDecoder.audio(entry, at: place, reader: &reader),
            transcript: ExhibitContentDecoder.transcript(entry, at: place, reader: &reader),
            versions: ExhibitContentDecoder.versions(entry, at: place, reader: &reader))
            .sharingText(with: exhibit)
        // Where it stands is the same in every language: the primary exhibit's box, shared.
        translated.placement = exhibit.placement
        return translated
    }

    /// The note a translation's warnings end with where the primary text stands in.
    static func fallbackNote(_ primaryLanguage: Language) -> String {
        "; the \(primaryLanguage.englishName) text is used"
    }

    /// `id.key` for every text an exhibit shows, as when a translation has none of them.
    static func allTexts(_ exhibits: some Sequence<Exhibit>) -> [String] {
        exhibits.flatMap { exhibit in
            ["name", "short_desc", "desc"].map { "\(exhibit.id).\($0)" }
        }
    }
}
