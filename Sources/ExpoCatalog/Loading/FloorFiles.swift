import Foundation

/// Reading a catalog's floors (`floors.json` or `floors.csv`, with their translations) and
/// finding their plans' images. A catalog without them pays for one look at its file names.
enum FloorFiles {
    struct Loaded: Sendable {
        var floors: [Floor] = []
        /// Where each plan is named (`floors.json` + `[0].plan`), for the message when its image is missing.
        var planPlaces: [String: (file: String, place: String)] = [:]
        var known: PositionDecoder.KnownFloors = .none
    }

    /// The primary language's floors, or none when the catalog has no floors file.
    static func load(_ store: any CatalogStore, diagnostics: inout [Diagnostic], publishingNotes: inout DiagnosticFold) -> Loaded {
        let name = DataFile.floors.fileName(nil)
        let file = store.displayPath(ofDataFile: name)
        var loaded = Loaded()
        loaded.known.file = file
        guard store.dataFileNames.contains(name) else { return loaded }
        var reader = FieldReader(file: file)
        switch store.readJSON(dataFile: name) {
        case let .success(json):
            let floors = FloorDecoder.decode(json, reader: &reader)
            loaded.floors = floors.map(\.floor)
            loaded.known.ids = Set(loaded.floors.map(\.id))
            for (index, floor) in floors where !floor.plan.isEmpty && loaded.planPlaces[floor.plan] == nil {
                loaded.planPlaces[floor.plan] = (file, store.place("[\(index)].plan", inDataFile: name))
            }
        case let .failure(diagnostic):
            // A floors file that cannot be read leaves the guide without a map, not without exhibits.
            var warning = diagnostic
            warning.severity = .warning
            warning.message += "; the guide has no floor plan"
            diagnostics.append(warning)
        }
        diagnostics += store.located(reader.diagnostics, inDataFile: name)
        publishingNotes += store.located(reader.notes, inDataFile: name)
        return loaded
    }

    /// The floors in `language`: its file's names and text alternatives over the primary
    /// ones; the primary floors, unchanged, when it has no file.
    static func translate(_ floors: [Floor], into language: Language, primary: Language, _ store: any CatalogStore,
                          diagnostics: inout [Diagnostic]) -> [Floor] {
        let name = DataFile.floors.fileName(language)
        guard !floors.isEmpty, store.dataFileNames.contains(name) else { return floors }
        var reader = FieldReader(file: store.displayPath(ofDataFile: name))
        var translated = floors
        switch store.readJSON(dataFile: name) {
        case let .success(json):
            translated = FloorDecoder.translate(json, from: floors, primaryLanguage: primary, reader: &reader)
        case let .failure(diagnostic):
            var warning = diagnostic
            warning.severity = .warning
            warning.message += "; the \(primary.englishName) names are used"
            diagnostics.append(warning)
        }
        diagnostics += store.located(reader.diagnostics, inDataFile: name)
        return translated
    }

    /// A warning for each floors translation whose language the catalog does not have (no
    /// items or exposition file in it): its names would otherwise be ignored without a word.
    static func strayTranslations(_ store: any CatalogStore, languages: [Language]) -> [Diagnostic] {
        store.dataFileNames.sorted().compactMap { name in
            guard let (file, language) = DataFile.parse(name), file == .floors, let language, language.isKnown,
                  !languages.contains(language) else { return nil }
            return Diagnostic(.warning, file: store.displayPath(ofDataFile: name),
                              "the catalog has no \(language.englishName) text (\(DataFile.items.fileName(language))); "
                                  + "the floors' \(language.englishName) names are ignored")
        }
    }

    /// The image of each plan, found as every other image is; a plan without one is a
    /// warning at the place that names it, and its floor is shown without a plan.
    /// A plan may also be a PDF beside the data (`plan-1.pdf`, as architects export them): its
    /// first page becomes SVG through `pdfConverter`, as an app project's PDF images do.
    static func plans(_ loaded: Loaded, _ store: any CatalogStore, pdfConverter: URL?, asked: inout Set<String>,
                      images: inout [String: CatalogImage], diagnostics: inout [Diagnostic]) {
        for floor in loaded.floors where !floor.plan.isEmpty && asked.insert(floor.plan).inserted {
            var found: [Diagnostic] = []
            var image = store.image(named: floor.plan, diagnostics: &found)
            if image == nil, let pdf = pdfPlan(floor.plan, store, converter: pdfConverter, diagnostics: &found) {
                image = pdf
                found.removeAll { $0.file == "\(floor.plan).*" }
            }
            image = image.flatMap { SVGSanitizer.cleaned($0, diagnostics: &found) }
            images[floor.plan] = image
            guard image == nil, let (file, place) = loaded.planPlaces[floor.plan] else {
                diagnostics += found
                continue
            }
            // The store's own "no image" line names no place; this one names the floor's.
            diagnostics += found.filter { $0.file != "\(floor.plan).*" }
            diagnostics.append(Diagnostic(.warning, file: file, place: place,
                "no image \"\(floor.plan)\" (\(floor.plan).svg, .png, .jpg, .webp, .heic, .avif, .tif, .gif or .pdf); "
                    + "the floor \"\(floor.id)\" is shown without its plan"))
        }
    }

    /// `name.pdf` beside the data, converted; nil (with a warning when there is such a file)
    /// when there is none or it cannot be converted.
    private static func pdfPlan(_ name: String, _ store: any CatalogStore, converter: URL?,
                                diagnostics: inout [Diagnostic]) -> CatalogImage? {
        for fileName in ["\(name).pdf", "\(name).PDF"] {
            guard case let .success(url)? = store.mediaFile(named: fileName) else { continue }
            guard let converter else {
                diagnostics.append(Diagnostic(.warning, file: fileName,
                    "a PDF plan needs poppler's pdftocairo to show in browsers (apt-get install poppler-utils); the floor is shown without its plan"))
                return nil
            }
            switch PDFConverter.svg(from: url, tool: converter) {
            case let .success(data):
                return CatalogImage(name: name, variants: [ImageVariant(file: fileName, format: .svg, scale: 1, data: data)])
            case let .failure(failure):
                diagnostics.append(Diagnostic(.warning, file: fileName, "\(failure.reason); the floor is shown without its plan"))
                return nil
            }
        }
        return nil
    }
}
