import ExpoCatalog

/// What an exhibit's form sent: its texts by language and field, the draft revision it
/// was made from, and the version of each language's entry it showed.
struct DraftSave {
    /// By language code, then field name; line breaks as the catalog's files write them.
    private(set) var submitted: [String: [String: String]] = [:]
    let revision: Int64
    let versions: [String: String]

    /// Only the fields the sheet shows are read: a form cannot name a text of its own.
    init(form: StudioForm, sheet: ExhibitSheet) {
        var versions: [String: String] = [:]
        for language in sheet.languages {
            let code = language.code
            versions[code] = form["version.\(code)"] ?? ""
            for field in sheet.fields(in: language) {
                if let text = form[Self.name(field, language)] { submitted[code, default: [:]][field.name] = Self.normalized(text) }
            }
        }
        self.versions = versions
        revision = Int64(form["revision"] ?? "") ?? -1
    }

    static func name(_ field: EntryField, _ language: Language) -> String {
        "f.\(language.code).\(field.name)"
    }

    /// A browser sends a text box's line breaks as CR LF; the catalog's files hold LF. The
    /// control characters no page can show (NUL, ESC …) are left out, as a load leaves them out.
    static func normalized(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return ControlCharacters.removingForbidden(lines)?.text ?? lines
    }

    /// The text the form sent for a field, or the one it showed when it sent none.
    func text(_ field: EntryField, _ language: Language, in sheet: ExhibitSheet) -> String {
        submitted[language.code]?[field.name] ?? sheet.current(field, language)
    }

    /// The fields whose entry changed on disk since the form was made and whose text this
    /// save would write over, by language code.
    func overwritten(in sheet: ExhibitSheet) -> Set<String> {
        var names: Set<String> = []
        for language in sheet.languages where versions[language.code] != sheet.version(language) {
            for (name, text) in submitted[language.code] ?? [:] {
                guard let field = EntryField(name: name), text != sheet.current(field, language) else { continue }
                names.insert(Self.name(field, language))
            }
        }
        return names
    }

    /// The texts that differ from what visitors see now, as the draft's fields.
    func draftFields(_ sheet: ExhibitSheet) -> [DraftField] {
        sheet.languages.flatMap { language in
            sheet.fields(in: language).compactMap { field in
                let text = text(field, language, in: sheet)
                let published = sheet.published(field, language)
                return text == published ? nil
                    : DraftField(exhibit: sheet.id, language: language.code, field: field.name, value: text, base: published)
            }
        }
    }
}
