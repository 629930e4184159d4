import ExpoCatalog
import ExpoSite

/// One group of an exhibit's form (its texts, a tour's, an image's, a fact's), each field
/// with a box per language.
struct FieldGroup: TemplateObject {
    struct Field: TemplateObject {
        let label: String
        let boxes: [Box]
        static let templateFields: TemplateFields<Self> = [.field("label", \.label), .field("boxes", \.boxes)]
    }

    /// One language's box for a field, with what reading the draft found at it.
    struct Box: TemplateObject {
        let id: String
        let name: String
        let code: String
        let autonym: String
        let direction: String
        let text: String
        /// A textarea of this many rows, or nil for a one-line box.
        let rows: Int?
        let numeric: Bool
        let placeholder: String?
        let describedBy: String?
        let messages: [Message]
        let theirs: String?
        /// The recording beside its transcript: a cue's times are taken from where it plays.
        let player: String?
        static let templateFields: TemplateFields<Self> = [
            .field("id", \.id), .field("name", \.name), .field("code", \.code), .field("autonym", \.autonym), .field("direction", \.direction),
            .field("text", \.text), .field("rows", \.rows), .field("numeric", \.numeric), .field("placeholder", \.placeholder),
            .field("describedBy", \.describedBy), .field("messages", \.messages), .field("theirs", \.theirs), .field("player", \.player),
        ]
    }

    let title: String
    let fields: [Field]

    static let templateFields: TemplateFields<Self> = [.field("title", \.title), .field("fields", \.fields)]

    static func groups(of sheet: ExhibitSheet, conflict: ExhibitPage.Conflict?, problems: [EntryProblem], players: [String: String],
                       context: StudioContext) -> [FieldGroup] {
        let words = StudioStrings.of(context.language)
        var groups: [(title: String, fields: [EntryField])] = []
        let own = sheet.fields.filter { $0.image == nil && $0.fact == nil && $0.item == nil }
        if !own.isEmpty { groups.append((words[sheet.document == .exposition ? "group_exposition" : "group_texts"], own)) }
        for item in sheet.fields.compactMap(\.item).uniqued() {
            let title = itemTitle(item, sheet: sheet, context: context)
            groups.append((words[sheet.document == .floors ? "group_floor" : "group_tour", ["name": title]], sheet.fields.filter { $0.item == item }))
        }
        for image in sheet.fields.compactMap(\.image).uniqued() {
            groups.append((words["group_image", ["name": image]], sheet.fields.filter { $0.image == image }))
        }
        for fact in sheet.fields.compactMap(\.fact).uniqued() {
            groups.append((words["group_fact", ["number": String(fact)]], sheet.fields.filter { $0.fact == fact }))
        }
        let byField = Dictionary(grouping: problems) { problem in
            problem.field.map { DraftSave.name($0, problem.language) } ?? ""
        }
        return groups.map { group in
            FieldGroup(title: group.title, fields: group.fields.map { field in
                let boxes = sheet.languages.filter { sheet.fields(in: $0).contains(field) }.map { language in
                    let name = DraftSave.name(field, language)
                    let text = conflict?.save.text(field, language, in: sheet) ?? sheet.current(field, language)
                    let id = StudioText.inputID(name)
                    let messages = (byField[name] ?? []).enumerated().map { index, problem in
                        Message(severity: problem.diagnostic.severity.rawValue,
                                text: "\(words["severity_\(problem.diagnostic.severity.rawValue)"]): \(ProblemLine.withoutFilePlaces(problem.diagnostic.message))",
                                id: "\(id)-m\(index)")
                    }
                    let theirs = conflict?.theirs[name].map { $0.isEmpty ? words["empty_text"] : $0 }
                    let described = messages.compactMap(\.id) + (theirs == nil ? [] : ["\(id)-theirs"])
                    let long = field.isLong || text.count > 120 || text.contains("\n")
                    return Box(id: id, name: name, code: language.code, autonym: language.autonym, direction: language.isRightToLeft ? "rtl" : "ltr",
                               text: StudioText.shown(text), rows: long ? (field.isLong ? 8 : 3) : nil, numeric: field.isNumber,
                               placeholder: field == .stop ? String(sheet.stop) : nil,
                               describedBy: described.isEmpty ? nil : described.joined(separator: " "), messages: messages,
                               theirs: theirs.map(StudioText.shown),
                               player: field == .transcriptText ? players[language.code] : nil)
                }
                return Field(label: words.field(field), boxes: boxes)
            })
        }
    }

    /// A tour's or a floor's title in the interface's language where the catalog has it.
    static func itemTitle(_ item: String, sheet: ExhibitSheet, context: StudioContext) -> String {
        if let language = sheet.languages.first(where: { $0.code == context.language.rawValue }),
           let field = sheet.fields.first(where: { $0.item == item && ($0.key == "title" || $0.key == "name") }) {
            let title = sheet.current(field, language)
            if !title.isEmpty { return title }
        }
        return sheet.itemTitles[item] ?? item
    }
}
