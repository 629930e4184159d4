/// `floors.csv` read into the JSON the loader already understands: one list of floors per
/// language (`floors.json`, `floors.en.json`), a row per floor, with where each value came
/// from. Header `id,name,plan,plan_alt`, translations as `name.en`, `plan_alt.en`.
struct FloorsSheet: Sendable {
    static let fileName = "floors.csv"
    /// The columns that are the same in every language.
    static let shared = ["id", "plan"]
    static let translated = ["name", "plan_alt"]

    var lists: [Language?: JSONValue] = [:]
    var places: [Language?: SheetPlaces] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ table: CSVTable) {
        let file = Self.fileName
        var columns: [(index: Int, key: String, language: Language?)] = []
        var seen: Set<String> = []
        for (index, header) in table.header.enumerated() {
            let place = ":1 (\(header.isEmpty ? "column \(index + 1)" : header))"
            guard !header.isEmpty else {
                if let warning = table.unnamedColumnWarning(index, file: file, place: place) { diagnostics.append(warning) }
                continue
            }
            let parts = header.split(separator: ".", maxSplits: 1).map(String.init)
            let key = parts[0]
            let code = parts.count > 1 ? parts[1] : nil
            let language = code.map(Language.init)
            guard Self.shared.contains(key) || Self.translated.contains(key) else {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "unknown column; ignored"
                    + NearestName.hint(for: key, among: Self.shared + Self.translated)))
                continue
            }
            if let code, !(Language.isValidCode(code) && Language(code).isKnown) {
                diagnostics.append(Diagnostic(.warning, file: file, place: place,
                    "\"\(code)\" is not a language code; end the header with an ISO 639 code such as \"en\"; the column is ignored"))
                continue
            }
            if language != nil, Self.shared.contains(key) {
                diagnostics.append(Diagnostic(.warning, file: file, place: place,
                    "\(key) is the same in every language; the column is ignored"))
                continue
            }
            guard seen.insert(header).inserted else {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "the same column as an earlier one; this one is ignored"))
                continue
            }
            columns.append((index, key, language))
        }
        guard columns.contains(where: { $0.key == "id" }) else {
            diagnostics.append(Diagnostic(.warning, file: file, place: ":1", "no id column; each floor needs one, so the guide has no floor plan"))
            return
        }
        let languages: [Language?] = [nil] + Set(columns.compactMap(\.language)).sorted()
        for language in languages {
            let wanted = columns.filter { $0.language == language || ($0.language == nil && Self.shared.contains($0.key)) }
            var entries: [JSONValue] = []
            for row in table.rows {
                let members: [(key: String, value: JSONValue)] = wanted.compactMap { column in
                    // A translation gives its texts; the plan stays the primary file's.
                    if language != nil, column.key == "plan" { return nil }
                    let cell = row.cells[safe: column.index] ?? ""
                    return cell.isEmpty ? nil : (column.key, .string(cell))
                }
                entries.append(.object(members))
            }
            lists[language] = .array(entries)
            places[language] = .rows(language: language, rows: table.rows.map(\.number), untranslated: Self.shared)
        }
    }
}
