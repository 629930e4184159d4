/// Turns `exposition_universelle_1900.json` (and its translations) into an `Exposition`.
enum ExpositionDecoder {
    /// The texts a translation gives.
    static let texts = ["title", "location", "duration", "description"]

    /// The primary file: a missing or mistyped field gets an empty text or 0 and a warning.
    static func decode(_ json: JSONValue, reader: inout FieldReader) -> Exposition? {
        guard case .object = json else {
            reader.fail(at: "", "expected an object { \"title\": …, \"visitors\": … } at the top level, found \(json.kindDescription)")
            return nil
        }
        reader.checkKeys(json, known: ExpositionSheet.keys, at: "")
        defer { reader.reportUnknownKeys() }
        return Exposition(
            title: reader.name(json, "title", at: "", fallback: ""),
            visitors: reader.count(json, "visitors", at: "", fallback: 0),
            location: reader.text(json, "location", at: "", fallback: ""),
            duration: reader.text(json, "duration", at: "", fallback: ""),
            description: reader.text(json, "description", at: "", fallback: ""),
            easyRead: ExhibitContentDecoder.easyRead(json, at: "", reader: &reader))
    }

    /// A translation: each missing text falls back to the primary one, with a warning. The
    /// visitor count is a number, not text; the primary one always stands.
    static func translate(_ json: JSONValue, from primary: Exposition, primaryLanguage: Language, reader: inout FieldReader) -> Exposition {
        guard case .object = json else {
            reader.fail(at: "", "expected an object { \"title\": …, \"visitors\": … } at the top level, found \(json.kindDescription)")
            return primary
        }
        let note = "; the \(primaryLanguage.englishName) text is used"
        reader.checkKeys(json, known: ExpositionSheet.keys, at: "")
        defer { reader.reportUnknownKeys() }
        return Exposition(
            title: reader.name(json, "title", at: "", fallback: primary.title, because: note),
            visitors: primary.visitors,
            location: reader.text(json, "location", at: "", fallback: primary.location, because: note),
            duration: reader.text(json, "duration", at: "", fallback: primary.duration, because: note),
            description: reader.text(json, "description", at: "", fallback: primary.description, because: note),
            easyRead: ExhibitContentDecoder.easyRead(json, at: "", reader: &reader))
    }
}
