import ExpoCatalog
import ExpoSite

/// Every publish and revert of one exhibit, what each changed from what to what, and (for
/// editors) a button that sets the exhibit back to before any of them.
struct HistoryPage: TemplateObject {
    struct Change: TemplateObject {
        let language: String
        let field: String
        let old: String
        let new: String
        /// A text as it was or became; a file by the start of its bytes' hash, as the store keeps it.
    static func shown(_ value: String, of field: String, _ words: StudioStrings) -> String {
        guard field.hasPrefix(GuideEditing.fileFieldPrefix) else { return value.isEmpty ? words["empty_text"] : value }
        return value.isEmpty ? words["no_file"] : words["file_version", ["hash": String(value.prefix(12))]]
    }

    static let templateFields: TemplateFields<Self> = [
            .field("language", \.language), .field("field", \.field), .field("old", \.old), .field("new", \.new),
        ]
    }

    struct Entry: TemplateObject {
        let number: String
        let heading: String
        let changes: [Change]
        let revertLabel: String?
        static let templateFields: TemplateFields<Self> = [
            .field("number", \.number), .field("heading", \.heading), .field("changes", \.changes), .field("revertLabel", \.revertLabel),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let name: String
    let editPath: String
    let entries: [Entry]

    static func html(context: StudioContext, user: StudioUser, exhibit: String, name: String,
                     history: [(publication: Publication, changes: [PublishedChange])], message: String? = nil) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let mayRevert = user.role.may(.revert)
        let entries = history.map { publication, changes in
            let number = String(publication.id ?? 0)
            return Entry(number: number,
                         heading: words["publication", ["number": number, "kind": words["kind_\(publication.kind.rawValue)"],
                                                        "account": publication.account, "time": StudioText.time(publication.time)]],
                         changes: changes.map { change in
                             Change(language: change.language, field: change.field, old: Change.shown(change.old, of: change.field, words),
                                    new: Change.shown(change.new, of: change.field, words))
                         },
                         revertLabel: mayRevert ? words["revert_button", ["number": number]] : nil)
        }
        let page = HistoryPage(frame: StudioFrame(title: words["history_heading"] + ": " + name, context: context, user: user), t: words,
                               notice: Notice(message), name: name, editPath: StudioPages.editPath(exhibit), entries: entries)
        return StudioTemplates.render(page, "history")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("name", \.name), .field("editPath", \.editPath),
        .field("entries", \.entries),
    ]
}
