import ExpoCatalog

/// For each language, the texts it lacks and those older than the main language's, each
/// linked to the box that edits it beside the main language's text, with their counts (the
/// missing ones as `validate` counts them).
enum TranslationsPage {
    /// Each list shows at most this many; the count is always whole.
    static let shown = 500

    static func html(context: StudioContext, user: StudioUser, gaps: TranslationGaps, names: [String: String]) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        func items(_ gaps: [TranslationGaps.Gap], _ language: Language) -> String {
            gaps.prefix(shown).map { gap in
                let field = EntryField(name: gap.field)
                let anchor = field.map { "#i-" + String(DraftSave.name($0, language).map { $0.isLetter || $0.isNumber ? $0 : "-" }) } ?? ""
                let owner = names[gap.sheet] ?? gap.sheet
                let label = field.map { words["field_\($0.key)"] } ?? gap.field
                return "<li><a href=\"\(e(StudioPages.editPath(gap.sheet) + anchor))\">\(e(owner))</a>: \(e(label))"
                    + (field?.image.map { " (\(e($0)))" } ?? "") + "</li>"
            }.joined() + (gaps.count > shown ? "<li>\(e(words["translations_more", ["count": String(gaps.count - shown)]]))</li>" : "")
        }
        var sections = ""
        for entry in gaps.languages {
            let code = e(entry.language.code)
            sections += """
                <section class="photos" aria-labelledby="t-\(code)">
                <h2 id="t-\(code)">\(e(entry.language.autonym)) (\(code))</h2>
                <p class="counts">\(e(words["translations_counts", ["missing": String(entry.missing.count), "older": String(entry.older.count)]]))</p>
                \(entry.missing.isEmpty ? "" : "<h3>\(e(words["translations_missing"]))</h3><ul>\(items(entry.missing, entry.language))</ul>")
                \(entry.older.isEmpty ? "" : "<h3>\(e(words["translations_older"]))</h3><ul>\(items(entry.older, entry.language))</ul>")
                </section>
                """
        }
        let main = """
            <h1>\(e(words["translations_heading"]))</h1>
            <p>\(e(words[gaps.languages.isEmpty ? "translations_none" : "translations_lead"]))</p>
            \(sections)
            """
        return StudioPages.page(words["translations_heading"], main: main, context: context, user: user)
    }
}
