import Foundation

/// Loads a catalog folder into a `Catalog`, collecting every problem on the way.
public enum CatalogLoader {
    /// The language of the unsuffixed files when neither the catalog nor its text says, as
    /// in the seed apps.
    public static let defaultPrimaryLanguage = Language.korean

    /// The catalog that ships with the guide.
    public static func loadDefault(options: Options = Options()) throws(CatalogError) -> Catalog {
        guard let url = defaultCatalogURL else { throw .defaultCatalogMissing }
        return try load(at: url, options: options)
    }

    public static var defaultCatalogURL: URL? {
        Bundle.module.url(forResource: "DefaultCatalog", withExtension: nil)
    }

    /// The small catalog `expo1900 new` starts a curator with.
    public static var starterCatalogURL: URL? {
        Bundle.module.url(forResource: "StarterCatalog", withExtension: nil)
    }

    /// How images that browsers cannot show are converted, and whether to check more than serving needs.
    public struct Options: Sendable {
        /// poppler's `pdftocairo`, which turns the PDF images of asset catalogs into SVG;
        /// nil when it is not installed (PDF images then get a placeholder and a warning).
        public var pdfConverter: URL?
        /// Whether to fill `Catalog.publishingNotes`: `validate` asks for them; serving,
        /// exporting and converting do not, and on a large catalog measuring every text
        /// and comparing every name cost as much again as loading it.
        public var publishingCheck: Bool

        /// The size from which a plain folder's main items file is read a run at a time
        /// (`StreamedItems`); tests set it low to read small catalogs that way.
        var itemsStreamedFrom = StreamedItems.streamedSize
        /// Where a large items file's runs are kept packed between starts (`CatalogRunCache`);
        /// nil keeps none. The commands keep them in `CatalogRunCache.defaultFolder`.
        public var runCache: URL?

        public init(pdfConverter: URL? = PDFConverter.locate(), publishingCheck: Bool = false) {
            self.pdfConverter = pdfConverter
            self.publishingCheck = publishingCheck
        }
    }

    /// Loads the catalog at `url`: a folder of JSON files and images, or an iPhone app's
    /// project (an `.xcassets` folder, an app's folder, or a folder that holds one). Warnings end up
    /// in `Catalog.diagnostics`; any error throws `CatalogError.invalid` with every
    /// diagnostic found, so that a report can list them all at once.
    public static func load(at url: URL, options: Options = Options()) throws(CatalogError) -> Catalog {
        var record = EntryRecord()
        return try load(at: url, options: options, record: &record)
    }

    /// What reading each items file found entry by entry, for a watched catalog's next reload.
    struct EntryRecord {
        /// Whether the catalog is a plain folder of JSON files, the one kind reloaded entry by entry.
        var isJSONFolder = false
        /// Whether the catalog is a plain folder (of JSON files, spreadsheets or both), not an app's project.
        var isPlainFolder = false
        /// For an app's project: where each data file lies (its datasets), by its plain name.
        var locations: [String: URL] = [:]
        /// By items file name: the entries that gave a problem, and a translation's entry for each id.
        var files: [String: (problems: Set<Int>, indexByID: [String: Int])] = [:]
    }

    /// `known`: a catalog whose exhibits (each language's, with their recordings and images)
    /// are taken as they are, the folder's items files left unread: a spreadsheet of exhibits
    /// read row by row, sent with the catalog's other spreadsheets (`SheetImport`).
    static func load(at url: URL, options: Options, record: inout EntryRecord,
                     sheets: [String: [UInt8]] = [:], known: Catalog? = nil) throws(CatalogError) -> Catalog {
        let path = url.path
        let prefetched = try openStore(at: url, options: options, record: &record, sheets: sheets, leavingOut: known == nil ? nil : .items)
        let store: any CatalogStore = prefetched

        var diagnostics: [Diagnostic] = store.problems + unknownLanguageCodes(in: store)
        var publishingNotes = DiagnosticFold()
        let suffixed = known.map { Set(translationLanguages(in: store) + $0.translations.map(\.language)).sorted() }
            ?? translationLanguages(in: store)
        let floors = FloorFiles.load(store, diagnostics: &diagnostics, publishingNotes: &publishingNotes)
        let loaded = loadPrimary(store, translations: suffixed, floors: floors.known, keepsNotes: options.publishingCheck, known: known,
                                 diagnostics: &diagnostics, publishingNotes: &publishingNotes, record: &record)
        var primary = loaded?.edition
        primary?.floors = floors.floors
        var translations: [Edition] = []
        if let primary {
            for language in suffixed where language != primary.language {
                var translation = loadTranslation(language, of: primary, store, known: known?.translations.first { $0.language == language },
                                                  diagnostics: &diagnostics, record: &record)
                translation.floors = FloorFiles.translate(floors.floors, into: language, primary: primary.language, store,
                                                          diagnostics: &diagnostics)
                translations.append(translation)
            }
            diagnostics += FloorFiles.strayTranslations(store, languages: [primary.language] + suffixed)
            if suffixed.contains(primary.language) {
                for file in DataFile.convertedFiles where store.dataFileNames.contains(file.fileName(primary.language)) {
                    diagnostics.append(Diagnostic(.warning, file: store.displayPath(ofDataFile: file.fileName(primary.language)),
                        "\(primary.language.englishName) is the main language, so its text is in \(file.fileName(nil)); this file is ignored"))
                }
            }
        }
        if primary != nil {
            TourLoader.load(into: &primary!, translations: &translations, store, diagnostics: &diagnostics)
        }
        var finder: RecordingFinder?
        if let edition = primary, known == nil {
            var found = RecordingFinder(store: store, primary: edition.language)
            primary = found.resolve(edition)
            translations = translations.map { found.resolve($0) }
            diagnostics += found.diagnostics
            publishingNotes += found.publishingNotes
            finder = found
        }
        var images: [String: CatalogImage] = known?.images ?? [:]
        // Every image asked for, found or not: a file refused (an SVG that is no XML) is used all the same.
        var asked = Set(images.keys)
        // Folded as they come: a collection whose photos are not there yet has a warning per exhibit.
        var imageDiagnostics = DiagnosticFold()
        let beforeImages = diagnostics.count
        if let primary {
            readImages(of: primary, store, into: &images, asked: &asked, diagnostics: &imageDiagnostics)
            var plans: [Diagnostic] = []
            FloorFiles.plans(floors, store, pdfConverter: options.pdfConverter, asked: &asked, images: &images, diagnostics: &plans)
            imageDiagnostics += plans
        }

        guard let primary, !diagnostics.contains(where: { $0.severity == .error }), !imageDiagnostics.hasErrors else {
            throw .invalid(path: path, diagnostics: collapsed(diagnostics, images: imageDiagnostics, at: beforeImages))
        }
        let languages = [primary.language] + translations.map(\.language)
        let interface = InterfaceLoader.load(languages, store, diagnostics: &diagnostics)
        var catalog = Catalog(primary: primary, translations: translations, images: images,
                              diagnostics: collapsed(diagnostics, images: imageDiagnostics, at: beforeImages))
        if options.publishingCheck {
            publishingNotes += PublishingCheck.notes(catalog.editions, primary: primary.language, store: store, reported: diagnostics)
            publishingNotes += store.unusedImages(besides: asked.union(["poster", "flag"]))
            catalog.publishingNotes = publishingNotes.collapsed
        }
        catalog.interface = interface
        catalog.primaryLanguageChoice = loaded?.choice ?? .assumed
        catalog.browsableFields = loaded?.browsable ?? []
        catalog.fingerprint = prefetched.fingerprint
        catalog.recordings = finder?.recordings ?? known?.recordings ?? [:]
        catalog.webVTTFiles = finder?.webVTTFiles ?? known?.webVTTFiles ?? [:]
        catalog.videos = finder?.videos ?? known?.videos ?? [:]
        // A poster chosen by image must be one of the catalog's pictures, read like the others.
        for (file, video) in catalog.videos.sorted(by: { $0.key < $1.key }) {
            guard case let .image(name)? = video.poster, images[name] == nil else { continue }
            catalog.videos[file]?.poster = nil
            catalog.diagnostics.append(Diagnostic(.warning, file: file, "its poster \"\(name)\" is not an image of the catalog (one an exhibit shows); "
                + "the poster is its frame a second in"))
        }
        prefetched.discardParsedFiles()
        return catalog
    }

    /// `diagnostics` with the images' (folded apart) in their place, at `index`, collapsed.
    private static func collapsed(_ diagnostics: [Diagnostic], images: DiagnosticFold, at index: Int) -> [Diagnostic] {
        var fold = DiagnosticFold(diagnostics[..<index])
        fold += images
        fold.append(contentsOf: diagnostics[index...])
        return fold.collapsed
    }

    /// `keepsNotes`: whether to make the publishing notes, which only `validate` reports.
    private static func loadPrimary(_ store: any CatalogStore, translations: [Language], floors: PositionDecoder.KnownFloors, keepsNotes: Bool,
                                    known: Catalog?, diagnostics: inout [Diagnostic],
                                    publishingNotes: inout DiagnosticFold, record: inout EntryRecord)
        -> (edition: Edition, choice: PrimaryLanguageChoice, browsable: [String])? {
        let expositionFile = DataFile.exposition.fileName(nil)
        let itemsFile = DataFile.items.fileName(nil)
        var expositionReader = FieldReader(file: store.displayPath(ofDataFile: expositionFile))
        var itemsReader = FieldReader(file: store.displayPath(ofDataFile: itemsFile))
        itemsReader.keepsNotes = keepsNotes
        var exposition: Exposition?
        var exhibits: ExhibitTable?
        var setting: JSONValue?
        var browse: JSONValue?
        switch store.readJSON(dataFile: expositionFile) {
        case let .success(json):
            exposition = ExpositionDecoder.decode(json, reader: &expositionReader)
            setting = json["language"]
            browse = json[BrowseSetting.key]
        case let .failure(diagnostic): diagnostics.append(diagnostic)
        }
        var sharedStops: [Diagnostic] = []
        switch known.map({ .success(ItemsReading(exhibits: $0.primary.exhibits, shapes: [])) })
            ?? store.readItems(dataFile: itemsFile, reader: &itemsReader, floors: floors) {
        case let .success(reading) where known != nil:
            exhibits = reading.exhibits
        case let .success(reading):
            exhibits = reading.exhibits
            diagnostics += reading.warnings
            sharedStops = StopNumbers.duplicates(exhibits ?? [], shapes: reading.shapes, file: itemsReader.file) {
                store.place($0, inDataFile: itemsFile)
            }
        case let .failure(diagnostic): diagnostics.append(diagnostic)
        }
        let browsable = BrowseSetting.read(browse, exhibits: exhibits ?? [], reader: &expositionReader)
        diagnostics += store.located(expositionReader.diagnostics, inDataFile: expositionFile)
            + store.located(itemsReader.diagnostics, inDataFile: itemsFile) + sharedStops
        publishingNotes += store.located(itemsReader.notes, inDataFile: itemsFile)
        record.files[itemsFile] = (itemsReader.entriesWithProblems, [:])
        guard let exposition, let exhibits else { return nil }
        let choice = PrimaryLanguageChoice.make(setting: setting, settingFile: store.displayPath(ofDataFile: expositionFile),
                                                 text: sample(exposition, exhibits), textFile: store.displayPath(ofDataFile: itemsFile),
                                                 taken: translations, diagnostics: &diagnostics)
        return (Edition(language: choice.language, exposition: exposition, exhibits: exhibits), choice, browsable)
    }

    /// Enough of the primary text to tell its language: the exposition and the first exhibits.
    private static func sample(_ exposition: Exposition, _ exhibits: ExhibitTable) -> String {
        ([exposition.title, exposition.location, exposition.description]
            + exhibits.prefix(20).flatMap { [$0.name, $0.shortDescription, $0.description] }).joined(separator: "\n")
    }

    /// `known`: the language's edition whose exhibits are taken as they are.
    private static func loadTranslation(_ language: Language, of primary: Edition, _ store: any CatalogStore, known: Edition?,
                                        diagnostics: inout [Diagnostic], record: inout EntryRecord) -> Edition {
        var exposition = primary.exposition
        var exhibits = primary.exhibits
        let expositionFile = DataFile.exposition.fileName(language)
        let itemsFile = DataFile.items.fileName(language)
        var expositionReader = FieldReader(file: store.displayPath(ofDataFile: expositionFile))
        var itemsReader = FieldReader(file: store.displayPath(ofDataFile: itemsFile))
        let primaryLanguage = primary.language
        var untranslated: Set<String> = []
        let note = "the \(primaryLanguage.englishName) texts are used for \(language.englishName)"
        if store.dataFileNames.contains(expositionFile) {
            switch store.readJSON(dataFile: expositionFile) {
            case let .success(json):
                exposition = ExpositionDecoder.translate(json, from: exposition, primaryLanguage: primaryLanguage, reader: &expositionReader)
                untranslated.formUnion(expositionReader.untranslated.map { "exposition.\($0)" })
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            }
        } else {
            let absence = store.absence(ofDataFile: .exposition, language)
            expositionReader = FieldReader(file: absence.file)
            expositionReader.warn(at: "", "\(absence.message); \(note)")
            expositionReader.untranslated = ExpositionDecoder.texts
            untranslated.formUnion(ExpositionDecoder.texts.map { "exposition.\($0)" })
        }
        if let known {
            exhibits = known.exhibits
            // Its exhibits' untranslated texts: the exposition's and tours' are read again.
            let texts = known.untranslated.filter { !$0.hasPrefix("exposition.") && !$0.hasPrefix(Tour.untranslatedKey("")) }
            untranslated.formUnion(texts)
            itemsReader.untranslated = Array(texts)
        } else if let streamed = store.translateItems(dataFile: itemsFile, primary: exhibits, primaryLanguage: primaryLanguage,
                                                      untranslated: &untranslated, reader: &itemsReader) {
            diagnostics += streamed.warnings
            exhibits = streamed.exhibits
        } else if store.dataFileNames.contains(itemsFile) {
            let (result, warnings) = store.parse(dataFile: itemsFile)
            diagnostics += warnings
            // Handed over whole: the translation lets each entry go as it is translated.
            switch consume result {
            case let .success(json):
                exhibits = ExhibitDecoder.translate(json, from: exhibits, primaryLanguage: primaryLanguage,
                                                    untranslated: &untranslated, reader: &itemsReader)
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            }
        } else {
            let absence = store.absence(ofDataFile: .items, language)
            itemsReader = FieldReader(file: absence.file)
            itemsReader.warn(at: "", "\(absence.message); \(note)")
            itemsReader.untranslated = ExhibitDecoder.allTexts(exhibits)
            untranslated.formUnion(itemsReader.untranslated)
        }
        diagnostics += store.located(expositionReader.diagnostics, inDataFile: expositionFile)
            + store.located(itemsReader.diagnostics, inDataFile: itemsFile)
        record.files[itemsFile] = (itemsReader.entriesWithProblems, itemsReader.entryIndexByID)
        var edition = Edition(language: language, exposition: exposition, exhibits: exhibits)
        edition.untranslated = untranslated
        edition.missingTranslations = expositionReader.untranslated.count + itemsReader.untranslated.count
        return edition
    }

    /// Languages with at least one suffixed data file, by code (interface files add no language).
    private static func translationLanguages(in store: any CatalogStore) -> [Language] {
        let languages = store.dataFileNames.compactMap { name in
            DataFile.parse(name).flatMap { $0.file.addsLanguage ? $0.language : nil }
        }
        return Set(languages).filter(\.isKnown).sorted()
    }

    /// An error for each data file whose suffix is not a language (`items.english.json`,
    /// `items.xx.json`): it would otherwise be silently left out, or served as a language no one reads.
    private static func unknownLanguageCodes(in store: any CatalogStore) -> [Diagnostic] {
        store.candidateFileNames.sorted().compactMap { name in
            guard let code = DataFile.suffix(of: name) else { return nil }
            let language = Language(code)
            if language.isKnown { return nil }
            let byName = Locale.LanguageCode.isoLanguageCodes.first { Language($0.identifier).englishName.lowercased() == code.lowercased() }
            let hint = byName.map { " (for \(Language($0.identifier).englishName), \"\($0.identifier)\")" } ?? ""
            return Diagnostic(.error, file: store.displayPath(ofDataFile: name),
                              "\"\(code)\" is not a language code; name the file with an ISO 639 code such as \"en\", \"fr\" or \"pt-BR\"\(hint), or move it out of the catalog")
        }
    }
}
