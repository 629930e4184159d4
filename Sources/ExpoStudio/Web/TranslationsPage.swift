import ExpoCatalog
import ExpoSite

/// For each language, the texts it lacks and those older than the main language's, each
/// linked to the box that edits it beside the main language's text, with their counts (the
/// missing ones as `validate` counts them).
struct TranslationsPage: TemplateObject {
    /// Each list shows at most this many; the count is always whole.
    static let shown = 500

    struct Link: TemplateObject {
        /// Nil for the line that says how many more there are.
        let href: String?
        let owner: String
        let label: String
        static let templateFields: TemplateFields<Self> = [.field("href", \.href), .field("owner", \.owner), .field("label", \.label)]
    }

    struct Section: TemplateObject {
        let code: String
        let autonym: String
        let counts: String
        let missing: [Link]
        let older: [Link]
        static let templateFields: TemplateFields<Self> = [
            .field("code", \.code), .field("autonym", \.autonym), .field("counts", \.counts), .field("missing", \.missing),
            .field("older", \.older), .field("hasMissing", { !$0.missing.isEmpty }), .field("hasOlder", { !$0.older.isEmpty }),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let lead: String
    let sections: [Section]

    static func html(context: StudioContext, user: StudioUser, gaps: TranslationGaps, names: [String: String]) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        func links(_ gaps: [TranslationGaps.Gap], _ language: Language) -> [Link] {
            var links = gaps.prefix(shown).map { gap in
                let field = EntryField(name: gap.field)
                let anchor = field.map { "#" + StudioText.inputID(DraftSave.name($0, language)) } ?? ""
                var label = field.map { words.field($0) } ?? gap.field
                if let image = field?.image { label += " (\(image))" }
                return Link(href: StudioPages.editPath(gap.sheet) + anchor, owner: names[gap.sheet] ?? gap.sheet, label: label)
            }
            if gaps.count > shown {
                links.append(Link(href: nil, owner: "", label: words["translations_more", ["count": String(gaps.count - shown)]]))
            }
            return links
        }
        let sections = gaps.languages.map { entry in
            Section(code: entry.language.code, autonym: entry.language.autonym,
                    counts: words["translations_counts", ["missing": String(entry.missing.count), "older": String(entry.older.count)]],
                    missing: links(entry.missing, entry.language), older: links(entry.older, entry.language))
        }
        let page = TranslationsPage(frame: StudioFrame(title: words["translations_heading"], context: context, user: user), t: words,
                                    lead: words[gaps.languages.isEmpty ? "translations_none" : "translations_lead"], sections: sections)
        return StudioTemplates.render(page, "translations")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("lead", \.lead), .field("sections", \.sections),
    ]
}
