/// Reads a catalog's tours (`tours.json` or `tours.csv`, and each language's texts) into
/// its editions. A catalog without them pays one look at its file names.
enum TourLoader {
    static func load(into primary: inout Edition, translations: inout [Edition], _ store: any CatalogStore,
                     diagnostics: inout [Diagnostic]) {
        let names = store.dataFileNames
        let primaryFile = DataFile.tours.fileName(nil)
        let languageFiles = names.filter { DataFile.parse($0).map { $0.file == .tours && $0.language != nil } ?? false }
        guard names.contains(primaryFile) || !languageFiles.isEmpty else { return }
        let languages = Set(translations.map(\.language))
        for name in languageFiles.sorted() {
            guard let language = DataFile.parse(name)?.language else { continue }
            if language == primary.language {
                diagnostics.append(Diagnostic(.warning, file: store.displayPath(ofDataFile: name),
                    "\(language.englishName) is the main language, so its tours are in \(primaryFile); this file is ignored"))
            } else if !languages.contains(language) {
                diagnostics.append(Diagnostic(.warning, file: store.displayPath(ofDataFile: name),
                    "the catalog has no \(language.englishName) texts (\(DataFile.items.fileName(language))); this file is ignored"))
            }
        }
        guard names.contains(primaryFile) else {
            if let name = languageFiles.sorted().first {
                diagnostics.append(Diagnostic(.warning, file: store.displayPath(ofDataFile: name),
                    "no \(primaryFile) beside it, which gives each tour's stops; the catalog has no tours"))
            }
            return
        }
        var reader = FieldReader(file: store.displayPath(ofDataFile: primaryFile))
        switch store.readJSON(dataFile: primaryFile) {
        case let .success(json):
            // Asked only of a catalog with tours: a set of 100,000 ids is not free.
            var exhibitIDs: Set<String> = []
            exhibitIDs.reserveCapacity(primary.exhibits.count)
            for index in primary.exhibits.indices { exhibitIDs.insert(primary.exhibits.id(at: index)) }
            primary.tours = TourDecoder.decode(json, exhibitIDs: exhibitIDs, reader: &reader)
        case let .failure(diagnostic): diagnostics.append(diagnostic)
        }
        diagnostics += store.located(reader.diagnostics, inDataFile: primaryFile)
        guard !primary.tours.isEmpty else { return }
        let tours = primary.tours
        let note = "the \(primary.language.englishName) texts are used for"
        for index in translations.indices {
            let language = translations[index].language
            let file = DataFile.tours.fileName(language)
            var reader = FieldReader(file: store.displayPath(ofDataFile: file))
            var untranslated = translations[index].untranslated
            if names.contains(file) {
                switch store.readJSON(dataFile: file) {
                case let .success(json):
                    translations[index].tours = TourDecoder.translate(json, from: tours, primaryLanguage: primary.language,
                                                                      untranslated: &untranslated, reader: &reader)
                case let .failure(diagnostic):
                    diagnostics.append(diagnostic)
                    translations[index].tours = tours
                }
            } else {
                let absence = store.absence(ofDataFile: .tours, language)
                reader = FieldReader(file: absence.file)
                reader.warn(at: "", "\(absence.message); \(note) \(language.englishName)")
                for tour in tours {
                    for key in TourDecoder.texts where key == "title" || !tour.description.isEmpty {
                        untranslated.insert("\(Tour.untranslatedKey(tour.id)).\(key)")
                        reader.untranslated.append(key)
                    }
                }
                translations[index].tours = tours
            }
            if translations[index].tours.isEmpty { translations[index].tours = tours }
            translations[index].untranslated = untranslated
            translations[index].missingTranslations += reader.untranslated.count
            diagnostics += store.located(reader.diagnostics, inDataFile: file)
        }
    }
}
