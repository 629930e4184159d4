import Foundation

/// Loads a catalog folder into a `Catalog`, collecting every problem on the way.
public enum CatalogLoader {
    /// The language of the unsuffixed files, as in the seed apps.
    public static let primaryLanguage = Language.korean

    /// The catalog that ships with the guide.
    public static func loadDefault() throws(CatalogError) -> Catalog {
        guard let url = defaultCatalogURL else { throw .defaultCatalogMissing }
        return try load(at: url)
    }

    public static var defaultCatalogURL: URL? {
        Bundle.module.url(forResource: "DefaultCatalog", withExtension: nil)
    }

    /// How images that browsers cannot show are converted.
    public struct Options: Sendable {
        /// poppler's `pdftocairo`, which turns the PDF images of asset catalogs into SVG;
        /// nil when it is not installed (PDF images then get a placeholder and a warning).
        public var pdfConverter: URL?

        public init(pdfConverter: URL? = PDFConverter.locate()) {
            self.pdfConverter = pdfConverter
        }
    }

    /// Loads the catalog at `url`: a folder of JSON files and images, or an iPhone app's
    /// project (an `.xcassets` folder, an app's folder, or a folder that holds one). Warnings end up
    /// in `Catalog.diagnostics`; any error throws `CatalogError.invalid` with every
    /// diagnostic found, so that a report can list them all at once.
    public static func load(at url: URL, options: Options = Options()) throws(CatalogError) -> Catalog {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notFound(path: path)
        }
        guard isFolder.boolValue else { throw .notACatalog(path: path, searched: nil) }
        let primaryFiles = DataFile.allCases.map { $0.fileName(nil) }
        var store: any CatalogStore
        let plain = CatalogFolder(url: url)
        if primaryFiles.contains(where: plain.fileNames.contains) {
            store = plain
        } else {
            let project = AppProject(root: url, pdfConverter: options.pdfConverter)
            guard primaryFiles.contains(where: project.dataFileNames.contains) else {
                throw .notACatalog(path: path, searched: project.searched)
            }
            store = project
        }
        store = PrefetchedStore(store)

        var diagnostics: [Diagnostic] = store.problems
        var publishingNotes: [Diagnostic] = []
        let primary = loadPrimary(store, diagnostics: &diagnostics, publishingNotes: &publishingNotes)
        var translations: [Edition] = []
        if let primary {
            for language in translationLanguages(in: store) {
                translations.append(loadTranslation(language, of: primary, store, diagnostics: &diagnostics))
            }
        }
        var images: [String: CatalogImage] = [:]
        if let primary {
            var asked: Set<String> = []
            for name in ["poster", "flag"] + primary.exhibits.flatMap({ $0.images.map(\.name) })
            where Exhibit.isSafeID(name) && asked.insert(name).inserted {
                images[name] = store.image(named: name, diagnostics: &diagnostics)
            }
        }

        guard let primary, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw .invalid(path: path, diagnostics: diagnostics)
        }
        var catalog = Catalog(primary: primary, translations: translations, images: images, diagnostics: diagnostics)
        catalog.publishingNotes = publishingNotes
        return catalog
    }

    private static func loadPrimary(_ store: any CatalogStore, diagnostics: inout [Diagnostic],
                                    publishingNotes: inout [Diagnostic]) -> Edition? {
        let expositionFile = DataFile.exposition.fileName(nil)
        let itemsFile = DataFile.items.fileName(nil)
        var expositionReader = FieldReader(file: store.displayPath(ofDataFile: expositionFile))
        var itemsReader = FieldReader(file: store.displayPath(ofDataFile: itemsFile))
        var exposition: Exposition?
        var exhibits: [Exhibit]?
        switch store.readJSON(dataFile: expositionFile) {
        case let .success(json): exposition = ExpositionDecoder.decode(json, reader: &expositionReader)
        case let .failure(diagnostic): diagnostics.append(diagnostic)
        }
        switch store.readJSON(dataFile: itemsFile) {
        case let .success(json): exhibits = ExhibitDecoder.decode(json, reader: &itemsReader)
        case let .failure(diagnostic): diagnostics.append(diagnostic)
        }
        diagnostics += expositionReader.diagnostics + itemsReader.diagnostics
        publishingNotes += itemsReader.publishingNotes
        guard let exposition, let exhibits else { return nil }
        return Edition(language: primaryLanguage, exposition: exposition, exhibits: exhibits)
    }

    private static func loadTranslation(_ language: Language, of primary: Edition, _ store: any CatalogStore, diagnostics: inout [Diagnostic]) -> Edition {
        var exposition = primary.exposition
        var exhibits = primary.exhibits
        let expositionFile = DataFile.exposition.fileName(language)
        let itemsFile = DataFile.items.fileName(language)
        var expositionReader = FieldReader(file: store.displayPath(ofDataFile: expositionFile))
        var itemsReader = FieldReader(file: store.displayPath(ofDataFile: itemsFile))
        let note = "the \(primaryLanguage.englishName) texts are used for \(language.englishName)"
        if store.dataFileNames.contains(expositionFile) {
            switch store.readJSON(dataFile: expositionFile) {
            case let .success(json):
                exposition = ExpositionDecoder.translate(json, from: exposition, primaryLanguage: primaryLanguage, reader: &expositionReader)
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            }
        } else {
            expositionReader.warn(at: "", "missing; \(note)")
        }
        if store.dataFileNames.contains(itemsFile) {
            switch store.readJSON(dataFile: itemsFile) {
            case let .success(json):
                exhibits = ExhibitDecoder.translate(json, from: exhibits, primaryLanguage: primaryLanguage, reader: &itemsReader)
            case let .failure(diagnostic): diagnostics.append(diagnostic)
            }
        } else {
            itemsReader.warn(at: "", "missing; \(note)")
        }
        diagnostics += expositionReader.diagnostics + itemsReader.diagnostics
        return Edition(language: language, exposition: exposition, exhibits: exhibits)
    }

    /// Languages with at least one suffixed data file, by code.
    private static func translationLanguages(in store: any CatalogStore) -> [Language] {
        let languages = store.dataFileNames.compactMap { DataFile.parse($0)?.language }
        return Set(languages).subtracting([primaryLanguage]).sorted()
    }
}
