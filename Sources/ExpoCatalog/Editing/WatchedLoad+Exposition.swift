import Foundation

/// The exposition as the studio edits it. Its file is one small object per language, so it
/// is read and written whole, where an exhibit's entry is a run of a long file's bytes; a
/// change to it is still made into its bytes, every other byte kept.
extension WatchedLoad {
    static func expositionFile(_ language: Language, primary: Language) -> String {
        DataFile.exposition.fileName(language == primary ? nil : language)
    }

    /// The exposition's file in `language` as it is now; nil when the catalog is not
    /// editable or the file is not the one last loaded (a reload is then on its way). A
    /// translation without a file yet gets an empty object, its version `absent`.
    func expositionEntry(language: Language) -> CatalogEntry? {
        guard isEditable, catalog.languages.contains(language) else { return nil }
        let name = Self.expositionFile(language, primary: catalog.primary.language)
        let url = folder.appendingPathComponent(name)
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            guard errno == ENOENT, language != catalog.primary.language, stamps[name] == nil else { return nil }
            return CatalogEntry(exhibit: CatalogEntry.exposition, language: language, file: name, bytes: Array("{}".utf8),
                                value: .object([]), version: EntryVersion.absent)
        }
        guard FileStamp(info) == stamps[name], case let .success(bytes) = CatalogBoundary(folder).read(url),
              let value = try? JSONParser.parse(bytes) else { return nil }
        return CatalogEntry(exhibit: CatalogEntry.exposition, language: language, file: name, bytes: bytes, value: value,
                            version: Self.version(of: bytes))
    }

    static func version(of bytes: [UInt8]) -> String {
        EntryVersion.of(bytes.withUnsafeBytes { JSONElementScan.digest($0) })
    }

    /// Sets the exposition's changed texts into `catalog`, as a load reads them: a
    /// translation's missing texts fall back to the main language's, and follow it.
    func applyExposition(_ changes: [EntryChange], to catalog: inout Catalog, problems: inout [EntryProblem]) {
        let primary = catalog.primary.language
        let changed = Dictionary(changes.map { ($0.language, $0) }) { _, last in last }
        func record(_ reader: FieldReader, _ language: Language) {
            for diagnostic in reader.diagnostics {
                problems.append(EntryProblem(exhibit: CatalogEntry.exposition, language: language,
                                             field: EntryField.atExposition(place: diagnostic.place), diagnostic: diagnostic))
            }
        }
        if let change = changed[primary], let json = try? JSONParser.parse(change.bytes) {
            var reader = FieldReader(file: Self.expositionFile(primary, primary: primary))
            if let exposition = ExpositionDecoder.decode(json, reader: &reader) { catalog.primary.exposition = exposition }
            record(reader, primary)
        }
        for index in catalog.translations.indices {
            let language = catalog.translations[index].language
            let json: JSONValue
            if let change = changed[language], let parsed = try? JSONParser.parse(change.bytes) {
                json = parsed
            } else if changed[primary] != nil, let current = expositionEntry(language: language), current.exists {
                json = current.value
            } else if changed[primary] != nil {
                catalog.translations[index].exposition = catalog.primary.exposition
                continue
            } else {
                continue
            }
            var reader = FieldReader(file: Self.expositionFile(language, primary: primary))
            catalog.translations[index].exposition = ExpositionDecoder.translate(json, from: catalog.primary.exposition,
                                                                               primaryLanguage: primary, reader: &reader)
            var untranslated = catalog.translations[index].untranslated.filter { !$0.hasPrefix("exposition.") }
            untranslated.formUnion(reader.untranslated.map { "exposition.\($0)" })
            catalog.translations[index].untranslated = untranslated
            if changed[language] != nil { record(reader, language) }
        }
    }

    /// The exposition file `name` as its new content, checked against the file as loaded.
    /// A translation's new file is written out in the catalog's usual layout.
    func wholeExpositionFile(_ name: String, _ change: EntryChange) -> Result<(OpenedFile?, [AtomicFile.Piece]), EntryWriteError> {
        let url = folder.appendingPathComponent(name)
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
