import Foundation

/// The studio's way into a catalog's files: each exhibit's entry as its file holds it, the
/// catalog as it would be with some entries changed, and the changed entries written back.
/// A folder of JSON files and an app's project are edited entry by entry: there every
/// entry's bytes are known (see `WatchedLoad`), and a change is written into them and
/// nowhere else; a folder whose exhibits are `items.csv` is edited row by row.
extension WatchedLoad {
    /// Whether the studio can write this catalog's entries.
    public var isEditable: Bool { items[DataFile.items.fileName(nil)] != nil || sheet != nil }

    public var folderURL: URL { folder }

    /// Whether the catalog's files are as they were when it was loaded: a plain folder of
    /// JSON files reads nothing but its top-level files. An app's project is never said to
    /// be: its images lie in folders of their own, which the stamps do not cover.
    public var isUpToDate: Bool { !items.isEmpty && locations.isEmpty && FileStamp.folder(folder) == stamps }

    /// The exhibit's place in the main language's list, found by its id at once.
    public func position(of id: String) -> Int? { primaryIndex[id] }

    /// Whether a translation's texts are a JSON items file of its own, read entry by entry
    /// (beside a spreadsheet, a translator's `items.fr.json`).
    func hasOwnItemsFile(_ language: Language) -> Bool {
        language != catalog.primary.language && items[Self.itemsFile(language, primary: catalog.primary.language)] != nil
    }

    static func itemsFile(_ language: Language, primary: Language) -> String {
        DataFile.items.fileName(language == primary ? nil : language)
    }

    /// The entry of exhibit `id` in `language`'s items file, read from the file now; nil
    /// when the catalog is not editable, has no such exhibit or language, or the file's
    /// bytes are no longer those last loaded (a reload is then on its way).
    public func entry(exhibit id: String, language: Language) -> CatalogEntry? {
        if let document = CatalogDocument(rawValue: id) { return documentEntry(document, language: language) }
        if sheet != nil, !hasOwnItemsFile(language) { return sheetEntry(exhibit: id, language: language) }
        guard let position = primaryIndex[id], catalog.languages.contains(language) else { return nil }
        let name = Self.itemsFile(language, primary: catalog.primary.language)
        guard let file = items[name] else { return nil }
        let index = language == catalog.primary.language ? position : file.indexByID[id]
        guard let index else {
            let bytes = Array(JSONWriter.compact(.object([("image_name", .string(id))])).utf8)
            return CatalogEntry(exhibit: id, language: language, file: name, bytes: bytes,
                                value: .object([("image_name", .string(id))]), version: EntryVersion.absent)
        }
        let range = file.scan.range(of: index)
        guard case let .success(chunk) = CatalogBoundary(folder).read(url(of: name), range: range),
              chunk.count == range.count,
              chunk.withUnsafeBytes({ JSONElementScan.digest($0) }) == file.scan.digests[index] else { return nil }
        let bytes = Array(JSONElementScan.trimmed(chunk[...], isLast: index + 1 == file.scan.starts.count))
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return CatalogEntry(exhibit: id, language: language, file: name, bytes: bytes, value: value,
                            version: EntryVersion.of(file.scan.digests[index]))
    }

    /// The catalog as it would be with `changes`, read as a load reads them, with what
    /// reading them found: the same messages `validate` gives, at the fields they are about.
    public func catalog(with changes: [EntryChange], transcripts: [TranscriptChange] = []) -> (catalog: Catalog, problems: [EntryProblem]) {
        var catalog = self.catalog
        var problems: [EntryProblem] = []
        let primaryLanguage = catalog.primary.language
        let primaryName = DataFile.items.fileName(nil)
        let floors = PositionDecoder.KnownFloors(ids: Set(catalog.primary.floors.map(\.id)), file: primaryName)
        let note = ExhibitDecoder.fallbackNote(primaryLanguage)
        var movedStops: [(id: String, position: Int)] = []
        for document in CatalogDocument.allCases {
            let documentChanges = changes.filter { $0.exhibit == document.rawValue }
            if !documentChanges.isEmpty { apply(document, documentChanges, to: &catalog, problems: &problems) }
        }
        for (id, group) in Dictionary(grouping: changes, by: \.exhibit).sorted(by: { $0.key < $1.key }) {
            guard let position = primaryIndex[id] else { continue }
            let changed = Dictionary(group.map { ($0.language, $0) }) { _, last in last }
            func record(_ reader: FieldReader, _ language: Language, _ entry: JSONValue, _ exhibit: Exhibit) {
                let notes = Self.publishingNotes(exhibit, entry: entry, file: reader.file, place: "[\(position)]")
                for diagnostic in reader.diagnostics + reader.publishingNotes + notes {
                    problems.append(EntryProblem(exhibit: id, language: language, field: EntryField.at(place: diagnostic.place, in: entry),
                                                 diagnostic: diagnostic))
                }
            }
            if let change = changed[primaryLanguage] {
                let old = catalog.primary.exhibits[position]
                guard let entry = try? JSONParser.parse(change.bytes) else { continue }
                var reader = FieldReader(file: primaryName)
                if var exhibit = ExhibitDecoder.decodeEntry(entry, index: position, floors: floors, reader: &reader), exhibit.id == id {
                    exhibit.keepFiles(of: old)
                    catalog.primary.exhibits[position] = exhibit
                    if exhibit.stop != old.stop { movedStops.append((id, position)) }
                }
                record(reader, primaryLanguage, entry, catalog.primary.exhibits[position])
            }
            for translation in catalog.translations.indices {
                let language = catalog.translations[translation].language
                let name = Self.itemsFile(language, primary: primaryLanguage)
                let entry: JSONValue
                if let change = changed[language] {
                    guard let parsed = try? JSONParser.parse(change.bytes) else { continue }
                    entry = parsed
                } else if changed[primaryLanguage] != nil, let current = self.entry(exhibit: id, language: language) {
                    // Its texts that fall back to the main language's follow the new ones.
                    entry = current.value
                } else {
                    continue
                }
                var reader = FieldReader(file: name)
                let old = catalog.translations[translation].exhibits[position]
                var exhibit = ExhibitDecoder.translateEntry(entry, index: items[name]?.indexByID[id] ?? position,
                                                            from: catalog.primary.exhibits[position], note: note, reader: &reader)
                exhibit.keepFiles(of: old)
                catalog.translations[translation].exhibits[position] = exhibit
                if changed[language] != nil { record(reader, language, entry, exhibit) }
            }
        }
        for (id, position) in movedStops {
            let stop = catalog.primary.exhibits.stop(at: position)
            guard let other = catalog.primary.exhibits.indices.first(where: { $0 != position && catalog.primary.exhibits.stop(at: $0) == stop }) else { continue }
            let diagnostic = Diagnostic(.warning, file: primaryName, place: "[\(position)].stop",
                                        "stop \(stop) is also the stop of \(primaryName)[\(other)] (\(catalog.primary.exhibits[other].id)); /stop/\(stop) leads to the first of them")
            problems.append(EntryProblem(exhibit: id, language: primaryLanguage, field: .stop, diagnostic: diagnostic))
        }
        apply(transcripts, to: &catalog, problems: &problems)
        let mixed = changes.map { "\($0.exhibit) \($0.language.code) " + EntryVersion.of($0.bytes.withUnsafeBytes { JSONElementScan.digest($0) }) }
            + transcripts.map { "\($0.file) " + Self.version(of: Array($0.text.utf8)) }
        let text = ([catalog.fingerprint] + mixed.sorted()).joined(separator: "\n")
        catalog.fingerprint = EntryVersion.of(Array(text.utf8).withUnsafeBytes { JSONElementScan.digest($0) })
        return (catalog, problems)
    }

    /// What `validate` notes before publishing about one exhibit's own texts (those its
    /// entry gives): an empty name or text, a text far past a label's length.
    static func publishingNotes(_ exhibit: Exhibit, entry: JSONValue, file: String, place: String) -> [Diagnostic] {
        func given(_ key: String) -> Bool { entry[key] != nil }
        var notes: [Diagnostic] = []
        for (key, text) in [("name", exhibit.name), ("short_desc", exhibit.shortDescription), ("desc", exhibit.description)]
        where given(key) && PublishingCheck.isBlank(text) {
            notes.append(Diagnostic(.warning, file: file, place: "\(place).\(key)", "empty"))
        }
        let problems = LabelLength.problems(shortText: given("short_desc") ? exhibit.shortDescription : "",
                                            description: given("desc") ? exhibit.description : "")
        for (key, message) in problems { notes.append(Diagnostic(.warning, file: file, place: "\(place).\(key)", message)) }
        return notes
    }
}

extension Exhibit {
    /// Keeps what a whole load found in files for `old`: its recordings and videos (with
    /// their captions), and the transcripts read from the files the entry still names. A
    /// transcript or easy-read text written in the entry is the entry's own, and stands as read.
    mutating func keepFiles(of old: Exhibit) {
        audio = old.audio
        if let named = transcript?.file, named == old.transcript?.file { transcript = old.transcript }
        guard hasVersions || old.hasVersions else { return }
        let kept = old.versions
        var versions = versions
        versions.video = kept.video
        versions.signVideo = kept.signVideo
        versions.audioDescription = kept.audioDescription
        if let named = versions.audioDescriptionTranscript?.file, named == kept.audioDescriptionTranscript?.file {
            versions.audioDescriptionTranscript = kept.audioDescriptionTranscript
        }
        self.versions = versions
    }
}
