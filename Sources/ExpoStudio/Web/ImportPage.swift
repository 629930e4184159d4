import ExpoCatalog
import ExpoSite

/// Whole catalogs in and out: a form that sends spreadsheets; what the one waiting would
/// add, change and remove, and what reading it found, with a preview of the guide it
/// makes, before an editor takes it or drops it; and the catalog as a zip.
struct ImportPage: TemplateObject {
    /// Each list shows at most this many rows; the counts are always whole.
    static let shown = 300

    struct Line: TemplateObject {
        let severity: String?
        let sheet: String?
        let text: String
        static let templateFields: TemplateFields<Self> = [.field("severity", \.severity), .field("sheet", \.sheet), .field("text", \.text)]
    }

    struct Kind: TemplateObject {
        let heading: String
        let lines: [Line]
        static let templateFields: TemplateFields<Self> = [.field("heading", \.heading), .field("lines", \.lines)]
    }

    /// The spreadsheets waiting for an editor.
    struct Waiting: TemplateObject {
        let heading: String
        let sentBy: String
        let counts: String
        let hasPreview: Bool
        let problems: [Line]
        let kinds: [Kind]
        /// Why it cannot be taken, when it has errors.
        let blocked: String?
        static let templateFields: TemplateFields<Self> = [
            .field("heading", \.heading), .field("sentBy", \.sentBy), .field("counts", \.counts), .field("hasPreview", \.hasPreview),
            .field("problems", \.problems), .field("hasProblems", { !$0.problems.isEmpty }), .field("kinds", \.kinds), .field("blocked", \.blocked),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let report: Notice?
    let waiting: Waiting?
    let previewPath: String

    static func html(context: StudioContext, user: StudioUser, staged: StagedImport?, message: String?, isAlert: Bool) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        func more(_ count: Int) -> [Line] {
            count > shown ? [Line(severity: nil, sheet: nil, text: words["translations_more", ["count": String(count - shown)]])] : []
        }
        let waiting = staged.map { staged in
            let result = staged.result
            let kinds = [SheetImport.Kind.added, .changed, .removed].compactMap { kind -> Kind? in
                let rows = result.changes.filter { $0.kind == kind }
                guard !rows.isEmpty else { return nil }
                return Kind(heading: words["import_\(kind.rawValue)", ["count": String(rows.count)]],
                            lines: rows.prefix(shown).map { change in
                                Line(severity: nil, sheet: change.sheet,
                                     text: change.key + (change.columns.isEmpty ? "" : ": " + change.columns.joined(separator: ", ")))
                            } + more(rows.count))
            }
            let count = { (kind: SheetImport.Kind) in String(result.changes.filter { $0.kind == kind }.count) }
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            return Waiting(heading: words["import_waiting", ["files": staged.sheets.keys.sorted().joined(separator: ", ")]],
                           sentBy: words["import_sent_by", ["name": staged.account, "time": StudioText.time(staged.time)]],
                           counts: words["import_counts", ["added": count(.added), "changed": count(.changed), "removed": count(.removed),
                                                           "problems": String(result.diagnostics.count)]],
                           hasPreview: result.catalog != nil,
                           problems: result.diagnostics.prefix(shown).map { diagnostic in
                               Line(severity: diagnostic.severity.rawValue, sheet: nil, text: diagnostic.line)
                           } + more(result.diagnostics.count),
                           kinds: kinds, blocked: result.hasErrors ? words["import_blocked", ["count": String(errors)]] : nil)
        }
        let page = ImportPage(frame: StudioFrame(title: words["import_heading"], context: context, user: user), t: words,
                              report: Notice(message, isAlert: isAlert), waiting: waiting, previewPath: GuideEditing.importPreviewPath)
        return StudioTemplates.render(page, "import")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("report", \.report), .field("waiting", \.waiting), .field("previewPath", \.previewPath),
    ]
}
