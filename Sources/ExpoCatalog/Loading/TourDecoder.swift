/// Turns `tours.json` (and its translations) into tours, checking that every stop is an
/// exhibit of the catalog. A tour is optional: what is wrong in one is left out with a
/// warning, and only an id that cannot name a page is an error, as for exhibits.
enum TourDecoder {
    /// Every key a tour's entry may have.
    static let keys = ["id", "title", "description", "duration", "stops"]
    /// What a translation's entry gives; the rest comes from the primary file.
    static let texts = ["title", "description"]

    static func decode(_ json: JSONValue, exhibitIDs: Set<String>, reader: inout FieldReader) -> [Tour] {
        guard case let .array(entries) = json else {
            reader.fail(at: "", "expected a list [ { \"id\": …, \"title\": …, \"stops\": [ … ] }, … ] at the top level, found \(json.kindDescription)")
            return []
        }
        var tours: [Tour] = []
        var firstIndexOfID: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let place = "[\(index)]"
            guard case .object = entry else {
                reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
                continue
            }
            reader.checkKeys(entry, known: keys, at: place)
            guard let id = self.id(entry, at: place, reader: &reader) else { continue }
            if let first = firstIndexOfID[id] {
                reader.warn(at: "\(place).id", "\"\(id)\" is already the id of [\(first)]; this tour is left out")
                continue
            }
            firstIndexOfID[id] = index
            let stops = self.stops(entry, at: place, exhibitIDs: exhibitIDs, reader: &reader)
            guard !stops.isEmpty else { continue }
            let title: String
            switch FieldReader.text(entry, "title") {
            case .success: title = reader.name(entry, "title", at: place, fallback: id)
            case let .failure(problem):
                reader.warn(at: "\(place).title", "\(problem.description); the id \"\(id)\" stands in")
                title = id
            }
            tours.append(Tour(id: id, title: title, description: reader.optionalText(entry, "description", at: place) ?? "",
                              duration: duration(entry, at: place, reader: &reader), stops: stops))
        }
        reader.reportUnknownKeys()
        return tours
    }

    /// The entry's id, or nil (with a warning, or an error for an id no page can have).
    private static func id(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> String? {
        let id: String
        switch FieldReader.text(entry, "id") {
        case let .success(text): id = text
        case let .failure(problem):
            reader.warn(at: "\(place).id", "\(problem.description); the tour is left out")
            return nil
        }
        if !Exhibit.isSafeID(id) {
            reader.fail(at: "\(place).id", "\"\(id)\" is not a safe id: use only letters, digits, - and _")
            return nil
        }
        if let tooLong = Exhibit.lengthProblem(id) {
            reader.fail(at: "\(place).id", tooLong)
            return nil
        }
        return id
    }

    /// The entry's stops that are exhibits, each once, in order; a warning for each left out,
    /// and for a tour left with none.
    private static func stops(_ entry: JSONValue, at place: String, exhibitIDs: Set<String>, reader: inout FieldReader) -> [String] {
        let listPlace = "\(place).stops"
        guard case let .array(items)? = entry["stops"] else {
            let found = entry["stops"].map { "expected a list of exhibit ids, found \($0.kindDescription)" } ?? "missing"
            reader.warn(at: listPlace, "\(found); the tour has no stops and is left out")
            return []
        }
        var stops: [String] = []
        var positionOf: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let itemPlace = "\(listPlace)[\(index)]"
            let id: String
            switch item {
            case let .string(text): id = text
            // An id of digits written as a number.
            case let .integer(number): id = String(number)
            default:
                reader.warn(at: itemPlace, "expected an exhibit id (its image_name), found \(item.kindDescription); this stop is left out")
                continue
            }
            if let earlier = positionOf[id] {
                reader.warn(at: itemPlace, "\"\(id)\" is already stop \(earlier + 1) of this tour (stops[\(earlier)]); the repeat is left out")
                continue
            }
            guard exhibitIDs.contains(id) else {
                reader.warn(at: itemPlace, "\"\(ControlCharacters.escaped(id))\" is no exhibit's id (image_name); this stop is left out"
                            + NearestName.hint(for: id, among: exhibitIDs))
                continue
            }
            positionOf[id] = stops.count
            stops.append(id)
        }
        if stops.isEmpty {
            reader.warn(at: listPlace, items.isEmpty ? "the tour has no stops; it is left out" : "none of the tour's stops is an exhibit; the tour is left out")
        }
        return stops
    }

    /// Whole minutes above 0, or nil (with a warning when something else is given).
    private static func duration(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> Int? {
        switch entry["duration"] {
        case nil: return nil
        case let .integer(minutes)? where minutes > 0: return minutes
        case let .number(minutes)? where minutes > 0 && minutes < 1e9 && minutes.rounded() == minutes: return Int(minutes)
        case let other?:
            let found = switch other {
            case let .integer(value): String(value)
            case let .number(value): String(value)
            default: other.kindDescription
            }
            reader.warn(at: "\(place).duration", "expected whole minutes above 0, found \(found); left out")
            return nil
        }
    }

    /// A translation, matched to the primary tours by id: its titles and descriptions over
    /// theirs. An entry with an unknown or repeated id is ignored with a warning; a tour
    /// without an entry keeps the primary text. `untranslated` gains `tour:<id>.title` for
    /// each text the primary one stands in for.
    static func translate(_ json: JSONValue, from primary: [Tour], primaryLanguage: Language,
                          untranslated: inout Set<String>, reader: inout FieldReader) -> [Tour] {
        let note = ExhibitDecoder.fallbackNote(primaryLanguage)
        func borrowAll(_ tour: Tour) {
            for key in texts where key == "title" || !tour.description.isEmpty {
                untranslated.insert("\(Tour.untranslatedKey(tour.id)).\(key)")
                reader.untranslated.append(key)
            }
        }
        guard case let .array(entries) = json else {
            reader.fail(at: "", "expected a list [ { \"id\": …, \"title\": … }, … ] at the top level, found \(json.kindDescription)")
            primary.forEach(borrowAll)
            return primary
        }
        let primaryIDs = Set(primary.map(\.id))
        var entryByID: [String: (index: Int, entry: JSONValue)] = [:]
        for (index, entry) in entries.enumerated() {
            let place = "[\(index)]"
            guard case .object = entry else {
                reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
                continue
            }
            guard case let .success(id) = FieldReader.text(entry, "id") else {
                reader.warn(at: "\(place).id", "missing or not text; the entry cannot be matched and is ignored")
                continue
            }
            if let earlier = entryByID[id] {
                reader.warn(at: "\(place).id", "\"\(ControlCharacters.escaped(id))\" is already used by [\(earlier.index)]; this entry is ignored")
            } else if !primaryIDs.contains(id) {
                reader.warn(at: "\(place).id", "\"\(ControlCharacters.escaped(id))\" is no tour of the \(primaryLanguage.englishName) tours.json; ignored")
            } else {
                entryByID[id] = (index, entry)
            }
            for key in ["stops", "duration"] where entry[key] != nil {
                reader.warn(at: "\(place).\(key)", "a tour's \(key) are the same in every language; the main language's are used")
            }
            reader.checkKeys(entry, known: keys, at: place)
        }
        defer { reader.reportUnknownKeys() }
        return primary.map { tour in
            guard let (index, entry) = entryByID[tour.id] else {
                reader.warn(at: "", "no entry for \"\(tour.id)\"\(note)")
                borrowAll(tour)
                return tour
            }
            let place = "[\(index)]"
            let before = reader.untranslated.count
            var translated = tour
            translated.title = reader.name(entry, "title", at: place, fallback: tour.title, because: note)
            translated.description = reader.translatedText(entry, "description", at: place,
                                                           primary: tour.description.isEmpty ? nil : tour.description, note: note) ?? ""
            for key in reader.untranslated[before...] { untranslated.insert("\(Tour.untranslatedKey(tour.id)).\(key)") }
            return translated
        }
    }
}
