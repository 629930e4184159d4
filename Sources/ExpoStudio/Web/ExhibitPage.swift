import ExpoCatalog
import ExpoSite

/// One exhibit's texts (or the exposition's) in every language side by side, as a plain form: saving keeps a
/// draft. Messages from reading the draft stand at the fields they are about; after a
/// refused save, what was saved meanwhile stands under the person's own text. The texts
/// come first, then the photos and recordings.
struct ExhibitPage: TemplateObject {
    struct Conflict {
        /// Texts saved meanwhile, by form field name.
        let theirs: [String: String]
        /// Who saved them; nil when the file changed on disk.
        let account: String?
        /// The person's own texts, kept in the form.
        let save: DraftSave
    }

    struct Hidden: TemplateObject {
        let name: String
        let value: String
        static let templateFields: TemplateFields<Self> = [.field("name", \.name), .field("value", \.value)]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let heading: String
    let notice: Notice?
    let conflict: String?
    let lead: String
    let state: String
    let links: [StudioFrame.Link]
    let path: String
    let revision: String
    let versions: [Hidden]
    let groups: [FieldGroup]
    let submits: Bool
    /// The exhibit's id, when the person may publish its draft from here.
    let publishes: String?
    let photos: PhotosSection?
    let recordings: RecordingsSection?
    let videos: VideosSection?
    let addsFloors: Bool
    let fileLimit: String

    static func html(context: StudioContext, user: StudioUser, sheet: ExhibitSheet, name: String, message: String? = nil,
                     conflict: Conflict? = nil, problems: [EntryProblem] = [], photos: [PhotosSection.Outcome]? = nil,
                     placeLink: Bool = false, players: [String: String] = [:], addsFloors: Bool = false) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        var state = words["no_draft"]
        if let draft = sheet.draft {
            state = words["draft_state", ["account": draft.account, "time": StudioText.time(draft.updated)]]
            if draft.submitted { state += " " + words["draft_submitted"] }
        }
        var links = [StudioFrame.Link(href: GuideEditing.previewPath + sheet.guidePath, label: words["preview_link"]),
                     StudioFrame.Link(href: "/" + sheet.guidePath, label: words["public_link"]),
                     StudioFrame.Link(href: sheet.studioPath + "/history", label: words["history_link"])]
        if placeLink { links.append(.init(href: sheet.studioPath + "/place", label: words["place_link"])) }
        if sheet.document == .tours {
            // Each tour's stops and length are built on a page of their own.
            for id in sheet.fields.compactMap(\.item).uniqued() {
                links.append(.init(href: StudioPaths.here("tour-stops/") + StudioRouter.pathSegment(id),
                                   label: "\(FieldGroup.itemTitle(id, sheet: sheet, context: context)): \(words["tour_stops_link"])"))
            }
        }
        let page = ExhibitPage(
            frame: StudioFrame(title: name, context: context, user: user), t: words, heading: name,
            notice: conflict == nil ? Notice(message) : nil,
            conflict: conflict.map { conflict in conflict.account.map { words["conflict_draft", ["account": $0]] } ?? words["conflict_disk"] },
            lead: words[sheet.document.map { "\($0.rawValue.dropFirst())_lead" } ?? "edit_lead"], state: state, links: links,
            path: sheet.studioPath, revision: String(sheet.revision),
            versions: sheet.languages.map { Hidden(name: "version.\($0.code)", value: sheet.version($0)) },
            groups: FieldGroup.groups(of: sheet, conflict: conflict, problems: problems, players: players, context: context),
            submits: sheet.draft != nil, publishes: sheet.draft != nil && user.role.may(.publish) ? sheet.id : nil,
            photos: photos.map { PhotosSection(sheet: sheet, words: words, outcomes: $0) },
            recordings: photos == nil ? nil : RecordingsSection(sheet: sheet, words: words),
            videos: photos == nil ? nil : VideosSection(sheet: sheet, words: words),
            addsFloors: addsFloors, fileLimit: String(GuideEditing.fileLimit >> 20))
        return StudioTemplates.render(page, "exhibit")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("heading", \.heading), .field("notice", \.notice), .field("conflict", \.conflict),
        .field("lead", \.lead), .field("state", \.state), .field("links", \.links), .field("path", \.path), .field("revision", \.revision),
        .field("versions", \.versions), .field("groups", \.groups), .field("submits", \.submits), .field("publishes", \.publishes),
        .field("photos", \.photos), .field("recordings", \.recordings), .field("videos", \.videos), .field("addsFloors", \.addsFloors),
        .field("newFloorHint", { $0.t["floor_new_hint", ["megabytes": $0.fileLimit]] }),
    ]
}

extension Sequence where Element: Hashable {
    /// The elements in their order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
