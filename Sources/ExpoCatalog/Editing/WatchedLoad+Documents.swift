import Foundation

/// The exposition, tours and floors as the studio edits them. Each of their files is small,
/// so it is read and written whole, where an exhibit's entry is a run of a long file's
/// bytes; a change is still made into its bytes, every other byte kept.
extension WatchedLoad {
    /// The document's file in `language` as it is now; nil when the catalog is not
    /// editable, has no tours (or floors) to edit, or the file is not the one last loaded
    /// (a reload is then on its way). A translation without a file yet gets an empty one,
    /// its version `absent`.
    func documentEntry(_ document: CatalogDocument, language: Language) -> CatalogEntry? {
        guard isEditable, catalog.languages.contains(language) else { return nil }
        switch document {
        case .exposition: break
        case .tours: guard !catalog.primary.tours.isEmpty else { return nil }
        case .floors:
            // An empty list of floors is edited too: the studio adds the first floor to it.
            guard !catalog.primary.floors.isEmpty || stamps[document.fileName(catalog.primary.language, primary: catalog.primary.language)] != nil
            else { return nil }
        }
        if isSheetDocument(document, language: language) { return sheetDocumentEntry(document, language: language) }
        let name = document.fileName(language, primary: catalog.primary.language)
        let url = url(of: name)
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            // An app's project gets no new file: the app would not load it.
            guard errno == ENOENT, language != catalog.primary.language, stamps[name] == nil, locations.isEmpty else { return nil }
            return CatalogEntry(exhibit: document.rawValue, language: language, file: name, bytes: Array(document.empty.text.utf8),
                                value: document.empty.value, version: EntryVersion.absent)
        }
        guard FileStamp(info) == stamps[name], case let .success(bytes) = CatalogBoundary(folder).read(url),
              let value = try? JSONParser.parse(bytes) else { return nil }
        return CatalogEntry(exhibit: document.rawValue, language: language, file: name, bytes: bytes, value: value,
                            version: Self.version(of: bytes))
    }

    static func version(of bytes: [UInt8]) -> String {
        EntryVersion.of(bytes.withUnsafeBytes { JSONElementScan.digest($0) })
    }

    /// Sets the document's changed texts into `catalog`, as a load reads them: a
    /// translation's missing texts fall back to the main language's, and follow it.
    func apply(_ document: CatalogDocument, _ changes: [EntryChange], to catalog: inout Catalog, problems: inout [EntryProblem]) {
        let primary = catalog.primary.language
        let changed = Dictionary(changes.map { ($0.language, $0) }) { _, last in last }
        func record(_ reader: FieldReader, _ language: Language, _ file: JSONValue) {
            for diagnostic in reader.diagnostics {
                let field = document.list.map { EntryField.atListed(place: diagnostic.place, list: $0, in: file) }
                    ?? EntryField.atExposition(place: diagnostic.place)
                problems.append(EntryProblem(exhibit: document.rawValue, language: language, field: field, diagnostic: diagnostic))
            }
        }
        if let change = changed[primary], let json = try? JSONParser.parse(change.bytes) {
            var reader = FieldReader(file: document.fileName(primary, primary: primary))
            switch document {
            case .exposition:
                if let exposition = ExpositionDecoder.decode(json, reader: &reader) { catalog.primary.exposition = exposition }
            case .tours:
                var ids: Set<String> = []
                ids.reserveCapacity(catalog.primary.exhibits.count)
                for index in catalog.primary.exhibits.indices { ids.insert(catalog.primary.exhibits.id(at: index)) }
                catalog.primary.tours = TourDecoder.decode(json, exhibitIDs: ids, reader: &reader)
            case .floors:
                catalog.primary.floors = FloorDecoder.decode(json, reader: &reader).map(\.floor)
            }
            record(reader, primary, json)
        }
        for index in catalog.translations.indices {
            let language = catalog.translations[index].language
            let json: JSONValue
            if let change = changed[language], let parsed = try? JSONParser.parse(change.bytes) {
                json = parsed
            } else if changed[primary] != nil, let current = documentEntry(document, language: language), current.exists {
                json = current.value
            } else if changed[primary] != nil {
                // Without a file of its own, the translation shows the main language's texts.
                json = document.empty.value
            } else {
                continue
            }
            var reader = FieldReader(file: document.fileName(language, primary: primary))
            var untranslated = catalog.translations[index].untranslated
            switch document {
            case .exposition:
                catalog.translations[index].exposition = ExpositionDecoder.translate(json, from: catalog.primary.exposition,
                                                                                   primaryLanguage: primary, reader: &reader)
                untranslated = untranslated.filter { !$0.hasPrefix("exposition.") }
                untranslated.formUnion(reader.untranslated.map { "exposition.\($0)" })
            case .tours:
                untranslated = untranslated.filter { !$0.hasPrefix(Tour.untranslatedKey("")) }
                catalog.translations[index].tours = TourDecoder.translate(json, from: catalog.primary.tours, primaryLanguage: primary,
                                                                          untranslated: &untranslated, reader: &reader)
            case .floors:
                catalog.translations[index].floors = FloorDecoder.translate(json, from: catalog.primary.floors,
                                                                            primaryLanguage: primary, reader: &reader)
            }
            catalog.translations[index].untranslated = untranslated
            if changed[language] != nil { record(reader, language, json) }
        }
    }

    /// The document's file `name` as its new content, checked against the file as loaded.
    /// A translation's new file is written out in the catalog's usual layout.
    func wholeFile(_ name: String, _ change: EntryChange) -> Result<(OpenedFile?, [AtomicFile.Piece]), EntryWriteError> {
        let url = url(of: name)
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            guard errno == ENOENT, change.version == EntryVersion.absent, stamps[name] == nil,
                  let value = try? JSONParser.parse(change.bytes) else {
                return .failure(.changedOnDisk(file: name, exhibit: change.exhibit))
            }
            return .success((nil, [.bytes(Array(JSONWriter.text(value).utf8))]))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unusable(file: name, reason: "is not a plain file (the studio does not write through links)"))
        }
        guard let source = OpenedFile(url.path), source.stamp == stamps[name],
              let bytes = source.read(0..<Int(source.stamp.size)), Self.version(of: bytes) == change.version else {
            return .failure(.changedOnDisk(file: name, exhibit: change.exhibit))
        }
        return .success((source, [.bytes(change.bytes)]))
    }
}
