/// Turns `floors.json` (and its translations, `floors.en.json`) into floors. A floor that
/// cannot be used is left out with a warning: a plan is a help to find the way, and one
/// mistyped entry must not take the guide down.
enum FloorDecoder {
    static let keys = ["id", "name", "plan", "plan_alt"]

    /// The primary floors, in file order, each with the index of its entry.
    static func decode(_ json: JSONValue, reader: inout FieldReader) -> [(index: Int, floor: Floor)] {
        guard case let .array(entries) = json else {
            reader.warn(at: "", "expected a list [ { \"id\": …, \"name\": …, \"plan\": … }, … ] at the top level, "
                        + "found \(json.kindDescription); the guide has no floor plan")
            return []
        }
        var floors: [(index: Int, floor: Floor)] = []
        var firstIndexOfID: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let place = "[\(index)]"
            guard case .object = entry else {
                reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
                continue
            }
            reader.checkKeys(entry, known: keys, at: place)
            guard let id = id(entry, at: place, reader: &reader) else { continue }
            if let first = firstIndexOfID[id] {
                reader.warn(at: "\(place).id", "\"\(id)\" is already the id of [\(first)]; this floor is left out")
                continue
            }
            firstIndexOfID[id] = index
            let name = reader.name(entry, "name", at: place, fallback: id, because: "; the floor is called \"\(id)\"")
            var plan = reader.text(entry, "plan", at: place, fallback: "", because: "; the floor is shown without a plan")
            if !plan.isEmpty, !Exhibit.isSafeID(plan) || Exhibit.lengthProblem(plan) != nil {
                reader.warn(at: "\(place).plan", "\"\(plan.prefix(40))\" is not an image name: use only letters, digits, - and _; "
                            + "the floor is shown without a plan")
                plan = ""
            }
            var planAlt = reader.optionalText(entry, "plan_alt", at: place) ?? ""
            if !plan.isEmpty, planAlt.allSatisfy(\.isWhitespace) {
                reader.note(at: "\(place).plan_alt", "no text alternative for the plan \"\(plan)\"; a visitor who cannot see it "
                            + "hears only the floor's name (the list of its exhibits follows the plan)")
                planAlt = ""
            }
            floors.append((index, Floor(id: id, name: name, plan: plan, planAlt: planAlt)))
        }
        reader.reportUnknownKeys()
        return floors
    }

    /// A floor's id: text, or a JSON number read as its digits (`1` is `"1"`); nil, with a
    /// warning, when it is missing or cannot be part of an address.
    static func id(_ entry: JSONValue, at place: String, reader: inout FieldReader) -> String? {
        let id: String
        switch entry["id"] {
        case let .string(text)?: id = text
        case let .integer(number)?: id = String(number)
        case let .number(number)? where number.rounded() == number && abs(number) < 1e15: id = String(Int(number))
        case nil:
            reader.warn(at: "\(place).id", "missing; this floor is left out")
            return nil
        case let other?:
            reader.warn(at: "\(place).id", "expected text or a whole number, found \(other.kindDescription); this floor is left out")
            return nil
        }
        guard Exhibit.isSafeID(id), Exhibit.lengthProblem(id) == nil else {
            reader.warn(at: "\(place).id", "\"\(id.prefix(40))\" is not a safe id: use only letters, digits, - and _ "
                        + "(at most \(Exhibit.maximumIDLength)); this floor is left out")
            return nil
        }
        return id
    }

    /// A translation's texts over the primary floors, matched by id; stops nothing when it
    /// lacks a floor (the primary text stands in, with a warning when the file names it).
    static func translate(_ json: JSONValue, from primary: [Floor], primaryLanguage: Language, reader: inout FieldReader) -> [Floor] {
        guard case let .array(entries) = json else {
            reader.warn(at: "", "expected a list [ { \"id\": …, \"name\": … }, … ] at the top level, found \(json.kindDescription); "
                        + "the \(primaryLanguage.englishName) names are used")
            return primary
        }
        let known = Set(primary.map(\.id))
        var entryByID: [String: (index: Int, entry: JSONValue)] = [:]
        for (index, entry) in entries.enumerated() {
            let place = "[\(index)]"
            guard case .object = entry else {
                reader.warn(at: place, "expected an object, found \(entry.kindDescription); skipped")
                continue
            }
            reader.checkKeys(entry, known: keys, at: place)
            guard let id = id(entry, at: place, reader: &reader) else { continue }
            if entryByID[id] != nil {
                reader.warn(at: "\(place).id", "\"\(id)\" is already used by an earlier entry; this one is ignored")
            } else if !known.contains(id) {
                reader.warn(at: "\(place).id", "\"\(id)\" is no floor of the \(primaryLanguage.englishName) floors; ignored")
            } else {
                if entry["plan"] != nil {
                    reader.warn(at: "\(place).plan", "a floor's plan is the same in every language; the main language's is used")
                }
                entryByID[id] = (index, entry)
            }
        }
        reader.reportUnknownKeys()
        let note = ExhibitDecoder.fallbackNote(primaryLanguage)
        return primary.map { floor in
            guard let (index, entry) = entryByID[floor.id] else { return floor }
            var translated = floor
            let place = "[\(index)]"
            translated.name = reader.name(entry, "name", at: place, fallback: floor.name, because: note)
            if !floor.planAlt.isEmpty {
                translated.planAlt = reader.translatedText(entry, "plan_alt", at: place, primary: floor.planAlt, note: note) ?? floor.planAlt
            } else if let alt = reader.optionalText(entry, "plan_alt", at: place) {
                translated.planAlt = alt
            }
            return translated
        }
    }
}
