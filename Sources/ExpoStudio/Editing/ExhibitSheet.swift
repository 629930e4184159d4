import ExpoCatalog

/// One exhibit, or the exposition, as the studio edits it: its entry in each language's
/// file, the fields its form shows, and the draft saved over them.
struct ExhibitSheet {
    let id: String
    /// The main language first.
    let languages: [Language]
    let entries: [Language: CatalogEntry]
    let fields: [EntryField]
    /// The stop visitors type now: the entry's, else its place in the list.
    let stop: Int
    let draft: Draft?
    /// Drafted texts by language code, then field name.
    let drafted: [String: [String: DraftField]]
    /// The title of each tour, or the name of each floor, the fields belong to, by id.
    let itemTitles: [String: String]
    /// The transcript file the entry names, in each language that names one.
    let transcriptFiles: [Language: TranscriptFile]

    /// Nil when the exhibit is not in the catalog, or an entry cannot be read now.
    init?(_ id: String, load: WatchedLoad, draft: (draft: Draft?, fields: [DraftField])) {
        let catalog = load.catalog
        var entries: [Language: CatalogEntry] = [:]
        for language in catalog.languages {
            // A translation the studio cannot write (one an app's project keeps in no dataset
            // of its own) is left out of the form; without the main language there is none.
            guard let entry = load.entry(exhibit: id, language: language) else {
                if language == catalog.primary.language { return nil }
                continue
            }
            entries[language] = entry
        }
        guard let primary = entries[catalog.primary.language] else { return nil }
        var itemTitles: [String: String] = [:]
        var transcriptFiles: [Language: TranscriptFile] = [:]
        if let document = CatalogDocument(rawValue: id) {
            stop = 0
            switch document {
            case .exposition:
                fields = EntryField.expositionFields
            case .tours:
                fields = catalog.primary.tours.flatMap { tour in EntryField.listKeys["tours", default: []].map { EntryField.listed("tours", tour.id, $0) } }
                for tour in catalog.primary.tours { itemTitles[tour.id] = tour.title }
            case .floors:
                fields = catalog.primary.floors.flatMap { floor in EntryField.listKeys["floors", default: []].map { EntryField.listed("floors", floor.id, $0) } }
                for floor in catalog.primary.floors { itemTitles[floor.id] = floor.name }
            }
        } else {
            guard let position = load.position(of: id) else { return nil }
            let exhibit = catalog.primary.exhibits[position]
            stop = exhibit.stop
            // A transcript is asked for where there is a recording, in any language, or one already.
            let narrated = ([catalog.primary] + catalog.translations).contains { edition in
                edition.exhibits[position].audio != nil || edition.exhibits[position].transcript != nil
            }
            // A gallery drafted with new pictures asks for their texts too.
            let drafted = draft.fields.first { $0.language == catalog.primary.language.code && $0.field == EntryField.gallery.name }
            var fields = EntryField.fields(images: drafted.map { $0.value.split(separator: "\n").map(String.init) } ?? exhibit.images.map(\.name),
                                           facts: entries.values.map(\.factCount).max() ?? primary.factCount, narrated: narrated)
            for language in entries.keys {
                transcriptFiles[language] = load.transcriptFile(exhibit: id, language: language)
            }
            if !transcriptFiles.isEmpty, let place = fields.firstIndex(of: .transcript) {
                fields.insert(.transcriptText, at: place + 1)
            }
            self.fields = fields
        }
        self.id = id
        self.itemTitles = itemTitles
        self.transcriptFiles = transcriptFiles
        languages = catalog.languages.filter { entries[$0] != nil }
        self.entries = entries
        self.draft = draft.draft
        drafted = Dictionary(grouping: draft.fields, by: \.language).mapValues { fields in
            Dictionary(fields.map { ($0.field, $0) }) { first, _ in first }
        }
    }

    var primary: Language { languages[0] }

    var document: CatalogDocument? { CatalogDocument(rawValue: id) }

    /// The sheet's form in the studio.
    var studioPath: String { StudioPages.editPath(id) }

    /// Where visitors see it, from the guide's root: the exposition is its first page.
    var guidePath: String {
        switch document {
        case .exposition: ""
        case .tours: "tours/"
        case .floors: "map/"
        case nil: "items/\(id)/"
        }
    }

    /// The fields shown in `language`: the stop only in the main one.
    func fields(in language: Language) -> [EntryField] {
        fields.filter { field in
            (language == primary || !field.isSameInEveryLanguage) && (!field.isFileText || transcriptFiles[language] != nil)
        }
    }

    /// What a save and a publish check the language's texts against: its entry's version,
    /// and its transcript file's.
    func version(_ language: Language) -> String {
        (entries[language]?.version ?? "") + (transcriptFiles[language].map { "+" + $0.version } ?? "")
    }

    /// The text visitors see now.
    func published(_ field: EntryField, _ language: Language) -> String {
        if field.isFileText { return transcriptFiles[language]?.text ?? "" }
        return entries[language].map { $0.text(field) } ?? ""
    }

    /// The text the form shows: the draft's, else the published one.
    func current(_ field: EntryField, _ language: Language) -> String {
        drafted[language.code]?[field.name]?.value ?? published(field, language)
    }

    var revision: Int64 { draft?.revision ?? 0 }

    /// The pictures in order, the draft's when it has changed them.
    var gallery: [String] { current(.gallery, primary).split(separator: "\n").map(String.init) }

    /// The files the draft puts into the catalog, by name, each by its upload's hash.
    var draftedFiles: [String: String] {
        var files: [String: String] = [:]
        for field in drafted[primary.code]?.values ?? [:].values where field.field.hasPrefix(GuideEditing.fileFieldPrefix) {
            files[String(field.field.dropFirst(GuideEditing.fileFieldPrefix.count))] = field.value
        }
        return files
    }

    /// The draft's fields the form of texts does not show (its files, its gallery's order,
    /// its recordings, its place on the plan, a tour's route, a new floor), kept when its
    /// texts are saved: the form's own are saved from what it sent.
    var keptFields: [DraftField] {
        drafted.values.flatMap(\.values).filter { drafted in
            guard let field = EntryField(name: drafted.field), let language = languages.first(where: { $0.code == drafted.language }) else { return true }
            return !fields(in: language).contains(field)
        }
    }
}
