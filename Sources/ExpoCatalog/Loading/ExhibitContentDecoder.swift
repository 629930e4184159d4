/// The parts of an `items.json` entry beyond the seed apps' four fields: the exhibit's
/// images and its object facts. All of it is optional; anything unusable becomes a
/// warning and is left out, so a seed file reads exactly as before.
enum ExhibitContentDecoder {
    static var imageTexts: [(key: String, path: WritableKeyPath<ExhibitImage, String>)] {
        [("caption", \.caption), ("credit", \.credit), ("visual_description", \.visualDescription)]
    }

    /// The exhibit's images, its own (`id`) first, whether or not `images` lists it; nil when
    /// that one image is all, without words of its own (the exhibit then makes no list).
    static func images(_ entry: JSONValue, id: String, at place: String, reader: inout FieldReader) -> [ExhibitImage]? {
        var first = ExhibitImage(name: id)
        var others: [ExhibitImage] = []
        for (index, name, item) in imageEntries(entry, id: id, at: place, reader: &reader) {
            let at = "\(place).images[\(index)]"
            var image = ExhibitImage(name: name)
            image.alt = reader.optionalText(item, "alt", at: at)
            for (key, path) in imageTexts {
                image[keyPath: path] = reader.optionalText(item, key, at: at) ?? ""
            }
            if name == id { first = image } else { others.append(image) }
        }
        guard !others.isEmpty || first != ExhibitImage(name: id) else { return nil }
        return [first] + others
    }

    /// A translation's texts for the primary images, matched by name; it cannot add images.
    static func translateImages(_ entry: JSONValue, from primary: [ExhibitImage], at place: String, note: String,
                                reader: inout FieldReader) -> [ExhibitImage] {
        var itemByName: [String: (index: Int, item: JSONValue)] = [:]
        let names = Set(primary.map(\.name))
        for (index, name, item) in imageEntries(entry, id: primary.first?.name ?? "", at: place, reader: &reader) {
            if names.contains(name) {
                itemByName[name] = (index, item)
            } else {
                reader.warn(at: "\(place).images[\(index)].name", "\"\(name)\" is not one of this exhibit's images; ignored")
            }
        }
        return primary.map { image in
            let hasText = image.hasAlt || imageTexts.contains { !image[keyPath: $0.path].isEmpty }
            guard let (index, item) = itemByName[image.name] else {
                if hasText {
                    reader.warn(at: "\(place).images", "no entry for the image \"\(image.name)\"\(note)")
                    reader.untranslated += ["alt", "caption", "credit", "visual_description"].map { "\(image.name)/\($0)" }
                }
                return image
            }
            let at = "\(place).images[\(index)]"
            let before = reader.untranslated.count
            // Each text the image lacks is recorded as `name/key`, so a page can mark just that one.
            defer {
                for index in reader.untranslated.indices.dropFirst(before) {
                    reader.untranslated[index] = "\(image.name)/\(reader.untranslated[index])"
                }
            }
            var translated = image
            translated.alt = reader.translatedText(item, "alt", at: at, primary: image.alt, note: note)
            for (key, path) in imageTexts {
                translated[keyPath: path] = reader.translatedText(item, key, at: at, primary: image[keyPath: path], note: note) ?? ""
            }
            return translated
        }
    }

    /// The usable entries of `images`: objects with a safe, unrepeated `name`.
    private static func imageEntries(_ entry: JSONValue, id: String, at place: String,
                                     reader: inout FieldReader) -> [(index: Int, name: String, item: JSONValue)] {
        guard let value = entry["images"] else { return [] }
        guard case let .array(list) = value else {
            reader.warn(at: "\(place).images", "expected a list [ { \"name\": …, \"alt\": … }, … ], found \(value.kindDescription); "
                + "only the image \"\(id)\" is shown")
            return []
        }
        var usable: [(Int, String, JSONValue)] = []
        var seen: Set<String> = []
        for (index, item) in list.enumerated() {
            let at = "\(place).images[\(index)]"
            guard case .object = item else {
                reader.warn(at: at, "expected an object { \"name\": …, \"alt\": … }, found \(item.kindDescription); skipped")
                continue
            }
            reader.checkKeys(item, known: ItemColumn.listKeys["images"] ?? [], at: at)
            switch FieldReader.text(item, "name") {
            case let .failure(problem):
                reader.warn(at: "\(at).name", problem.description + "; the image is skipped")
            case let .success(name) where !Exhibit.isSafeID(name):
                reader.warn(at: "\(at).name", "\"\(name)\" is not a safe image name: use only letters, digits, - and _; skipped")
            case let .success(name) where Exhibit.lengthProblem(name) != nil:
                reader.warn(at: "\(at).name", (Exhibit.lengthProblem(name) ?? "") + "; skipped")
            case let .success(name) where !seen.insert(name).inserted:
                reader.warn(at: "\(at).name", "\"\(name)\" is listed twice; the first entry is used")
            case let .success(name):
                usable.append((index, name, item))
            }
        }
        return usable
    }

    static func facts(_ entry: JSONValue, at place: String, reader: inout FieldReader, texts: TextTable? = nil) -> ObjectFacts {
        var facts = ObjectFacts()
        for (index, key) in ObjectFacts.keyNames.enumerated() {
            let text = reader.optionalText(entry, key, at: place, numbersAsText: true) ?? ""
            facts[fact: index] = TextTable.recurringFacts[index] ? texts.interned(text) : text
        }
        facts.fields = fields(entry, at: place, reader: &reader, texts: texts) ?? []
        return facts
    }

    static func translateFacts(_ entry: JSONValue, from primary: ObjectFacts, at place: String, note: String,
                               reader: inout FieldReader) -> ObjectFacts {
        var facts = primary
        for (index, key) in ObjectFacts.keyNames.enumerated() {
            facts[fact: index] = reader.translatedText(entry, key, at: place, primary: primary[fact: index],
                                                       note: note, numbersAsText: true) ?? ""
        }
        if let fields = fields(entry, at: place, reader: &reader) {
            if fields.count != primary.fields.count {
                reader.warn(at: "\(place).fields", "\(fields.count) fields where the primary entry has \(primary.fields.count); shown as given")
            }
            facts.fields = fields
        } else if !primary.fields.isEmpty {
            reader.warn(at: "\(place).fields", "missing" + note)
        }
        return facts
    }

    private static let fieldKeys = ItemColumn.listKeys["fields"] ?? []

    /// `fields`: label and value pairs; nil when absent or unusable.
    /// `texts`: where labels, which recur from record to record, are held once.
    private static func fields(_ entry: JSONValue, at place: String, reader: inout FieldReader,
                               texts: TextTable? = nil) -> [ObjectFacts.Field]? {
        guard let value = entry["fields"] else { return nil }
        guard case let .array(list) = value else {
            reader.warn(at: "\(place).fields", "expected a list [ { \"label\": …, \"value\": … }, … ], found \(value.kindDescription); left out")
            return nil
        }
        // Exactly as many places as there are entries: grown one by one, a list of six
        // fields had room for eight, 13 MB over 400,000 records.
        var fields: [ObjectFacts.Field] = []
        fields.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            // Made only for a message: a record has several fields, a collection millions.
            func at() -> String { "\(place).fields[\(index)]" }
            guard case .object = item else {
                reader.warn(at: at(), "expected an object { \"label\": …, \"value\": … }, found \(item.kindDescription); skipped")
                continue
            }
            reader.checkKeys(item, known: fieldKeys, at: at())
            let label = reader.optionalText(item, "label", at: at())
            let value = reader.optionalText(item, "value", at: at(), numbersAsText: true)
            guard let label, !label.isEmpty, let value, !value.isEmpty else {
                reader.warn(at: at(), "needs a label and a value, both text; skipped")
                continue
            }
            fields.append(ObjectFacts.Field(label: texts.interned(label), value: value))
        }
        return fields
    }
}
