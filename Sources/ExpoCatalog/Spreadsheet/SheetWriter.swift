/// A JSON catalog's data files laid out as the two spreadsheets: the inverse of
/// `ItemsSheet` and `ExpositionSheet`, so that converting there and back changes nothing
/// the guide shows.
enum SheetWriter {
    /// `items.csv`'s rows, header first, from the main exhibit list and its translations.
    static func items(primary: JSONValue, translations: [(Language, JSONValue)]) -> [[String]] {
        guard case let .array(entries) = primary else { return [] }
        var rows: [[ItemColumn: String]] = []
        var rowOfID: [String: Int] = [:]
        var imageNumbers: [String: [String: Int]] = [:]
        for entry in entries {
            let id = text(entry["image_name"]) ?? ""
            var row: [ItemColumn: String] = [:]
            var numbers: [String: Int] = [:]
            flatten(entry, id: id, language: nil, into: &row, imageNumbers: &numbers)
            if rowOfID[id] == nil { rowOfID[id] = rows.count }
            imageNumbers[id] = numbers
            rows.append(row)
        }
        for (language, list) in translations {
            guard case let .array(entries) = list else { continue }
            for entry in entries {
                guard let id = text(entry["image_name"]), let index = rowOfID[id] else { continue }
                var numbers = imageNumbers[id] ?? [:]
                flatten(entry, id: id, language: language, into: &rows[index], imageNumbers: &numbers)
            }
        }
        let always = ["image_name", "name", "short_desc", "desc"].map { ItemColumn(field: .entry($0), language: nil) }
        let languages = [nil] + translations.map(\.0)
        let columns = Set(rows.flatMap { $0.filter { !$0.value.isEmpty }.keys }).union(always)
            .sorted { order($0, languages).lexicographicallyPrecedes(order($1, languages)) }
        return [columns.map(\.header)] + rows.map { row in columns.map { row[$0] ?? "" } }
    }

    /// `exposition.csv`'s rows: a header, then a field and its value per row.
    static func exposition(primary: JSONValue, translations: [(Language, JSONValue)]) -> [[String]] {
        var rows = [["field", "value"]]
        for key in ExpositionSheet.keys {
            if let value = text(primary[key]) { rows.append([key, value]) }
            if case let .array(labels)? = primary[key] { rows.append([key, labels.compactMap(text).joined(separator: "; ")]) }
            guard !ExpositionSheet.untranslated.contains(key) else { continue }
            for (language, object) in translations {
                if let value = text(object[key]) { rows.append(["\(key).\(language.code)", value]) }
            }
        }
        return rows
    }

    /// `tours.csv`'s rows: a header, then a tour per row, its stops apart by spaces and its
    /// translated texts in `title.en`, `description.en` columns.
    static func tours(primary: JSONValue, translations: [(Language, JSONValue)]) -> [[String]] {
        guard case let .array(entries) = primary else { return [] }
        var header = ToursSheet.columns
        var rows: [[String]] = entries.map { entry in
            let stops: String = if case let .array(ids)? = entry["stops"] { ids.compactMap(text).joined(separator: " ") } else { "" }
            return [text(entry["id"]) ?? "", text(entry["title"]) ?? "", text(entry["description"]) ?? "",
                    text(entry["duration"]) ?? "", stops]
        }
        let ids = entries.map { text($0["id"]) }
        for (language, list) in translations {
            guard case let .array(translated) = list else { continue }
            header += ToursSheet.columns.filter(ToursSheet.translated.contains).map { "\($0).\(language.code)" }
            var byID: [String: JSONValue] = [:]
            for entry in translated { if let id = text(entry["id"]), byID[id] == nil { byID[id] = entry } }
            for index in rows.indices {
                let entry = ids[index].flatMap { byID[$0] }
                rows[index] += ["title", "description"].map { text(entry?[$0]) ?? "" }
            }
        }
        return [header] + rows
    }

    /// `floors.csv`'s rows: `id,name,plan,plan_alt`, then each translation's `name` and
    /// `plan_alt` columns (only those it fills).
    static func floors(primary: JSONValue, translations: [(Language, JSONValue)]) -> [[String]] {
        guard case let .array(entries) = primary else { return [] }
        var header = ["id", "name", "plan", "plan_alt"]
        var rows = entries.map { entry in header.map { text(entry[$0]) ?? "" } }
        var rowOfID: [String: Int] = [:]
        for (index, row) in rows.enumerated() where rowOfID[row[0]] == nil { rowOfID[row[0]] = index }
        for (language, list) in translations {
            guard case let .array(translated) = list else { continue }
            for key in FloorsSheet.translated {
                var column = Array(repeating: "", count: rows.count)
                for entry in translated {
                    guard let id = text(entry["id"]), let index = rowOfID[id], let value = text(entry[key]) else { continue }
                    column[index] = value
                }
                guard column.contains(where: { !$0.isEmpty }) else { continue }
                header.append("\(key).\(language.code)")
                for index in rows.indices { rows[index].append(column[index]) }
            }
        }
        return [header] + rows
    }

    private static func flatten(_ entry: JSONValue, id: String, language: Language?,
                                into row: inout [ItemColumn: String], imageNumbers: inout [String: Int]) {
        func put(_ field: ItemColumn.Field, _ value: JSONValue?, translatable: Bool = true) {
            guard let value = text(value), translatable || language == nil else { return }
            row[ItemColumn(field: field, language: translatable ? language : nil)] = value
        }
        for key in ItemColumn.entryKeys {
            put(.entry(key), entry[key], translatable: !ItemColumn(field: .entry(key), language: nil).isSameInEveryLanguage)
        }
        if case let .array(images) = entry["images"] {
            for image in images {
                guard let name = text(image["name"]) else { continue }
                if name == id {
                    for key in ItemColumn.imageKeys { put(.ownImage(key), image[key]) }
                    continue
                }
                if language == nil, imageNumbers[name] == nil { imageNumbers[name] = imageNumbers.count + 1 }
                guard let number = imageNumbers[name] else { continue }
                put(.item(list: "images", number: number, key: "name"), image["name"], translatable: false)
                for key in ItemColumn.imageKeys { put(.item(list: "images", number: number, key: key), image[key]) }
            }
        }
        if case let .array(fields) = entry["fields"] {
            for (index, field) in fields.enumerated() {
                for key in ["label", "value"] { put(.item(list: "fields", number: index + 1, key: key), field[key]) }
            }
        }
    }

    /// Text as a cell holds it: numbers as written (a negative one stays a number), text
    /// guarded against being read as a formula, anything else (null, lists) not at all.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case let .string(text)?: FormulaGuard.guarded(text)
        case let .integer(number)?: String(number)
        case let .number(number)?: String(number)
        default: nil
        }
    }

    /// Columns in the order a curator reads them: the exhibit's texts, its image's texts,
    /// its facts, then numbered images and fields; each field's translations beside it.
    private static func order(_ column: ItemColumn, _ languages: [Language?]) -> [Int] {
        let language = languages.firstIndex(of: column.language) ?? languages.count
        let entryKeys = ItemColumn.entryKeys
        switch column.field {
        case let .entry(key):
            let rank = entryKeys.firstIndex(of: key) ?? 0
            // The seed fields and the stop first, the object facts after the image's texts.
            return [rank < 5 ? 0 : 2, rank, 0, 0, language]
        case let .ownImage(key):
            return [1, ItemColumn.imageKeys.firstIndex(of: key) ?? 0, 0, 0, language]
        case let .item(list, number, key):
            let keys = ItemColumn.listKeys[list] ?? []
            return [list == "images" ? 3 : 4, number, keys.firstIndex(of: key) ?? 0, 0, language]
        }
    }
}
