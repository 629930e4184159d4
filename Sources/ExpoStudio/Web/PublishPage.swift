import ExpoCatalog
import ExpoSite

/// The drafts waiting to go live, the checks `validate` makes on them, and the button that
/// publishes them (for editors and admins).
struct PublishPage: TemplateObject {
    struct Listed {
        let draft: Draft
        let name: String
    }

    struct Line: TemplateObject {
        let href: String
        let name: String
        let detail: String
        static let templateFields: TemplateFields<Self> = [.field("href", \.href), .field("name", \.name), .field("detail", \.detail)]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let conflicts: [Line]
    let drafts: [Line]
    let problems: [ProblemLine]
    let mayPublish: Bool

    static func html(context: StudioContext, user: StudioUser, drafts: [Listed], problems: [EntryProblem],
                     message: String? = nil, isAlert: Bool = false, conflicts: [PublishPlan.Conflict] = []) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let names = Dictionary(drafts.map { ($0.draft.exhibit, $0.name) }) { first, _ in first }
        func name(_ key: String) -> String {
            CatalogDocument(rawValue: key).map { words["\($0.rawValue.dropFirst())_heading"] } ?? names[key] ?? key
        }
        let conflictLines = conflicts.map { conflict in
            Line(href: StudioPages.editPath(conflict.field.exhibit), name: name(conflict.field.exhibit),
                 detail: "(\(conflict.field.language), \(conflict.field.field)): \(words["now_in_file"]) "
                    + (conflict.current.isEmpty ? words["empty_text"] : conflict.current))
        }
        let draftLines = drafts.map { listed in
            Line(href: StudioPages.editPath(listed.draft.exhibit), name: listed.name,
                 detail: "(" + words["status_draft", ["account": listed.draft.account]]
                    + (listed.draft.submitted ? " · " + words["status_submitted"] : "") + ")")
        }
        let page = PublishPage(frame: StudioFrame(title: words["publish_heading"], context: context, user: user), t: words,
                               notice: Notice(message, isAlert: isAlert), conflicts: conflictLines, drafts: draftLines,
                               problems: problems.map { ProblemLine($0, owner: name($0.exhibit), words: words) },
                               mayPublish: user.role.may(.publish) && !drafts.isEmpty)
        return StudioTemplates.render(page, "publish")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("conflicts", \.conflicts),
        .field("drafts", \.drafts), .field("problems", \.problems), .field("mayPublish", \.mayPublish),
        .field("hasConflicts", { !$0.conflicts.isEmpty }), .field("hasDrafts", { !$0.drafts.isEmpty }),
        .field("hasProblems", { !$0.problems.isEmpty }),
    ]
}
