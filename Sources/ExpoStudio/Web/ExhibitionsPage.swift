import ExpoSite

/// A museum's studio's first page: the exhibitions this person has a role in, with the role,
/// and where each one's own studio is. An admin of every exhibition sees them all.
struct ExhibitionsPage: TemplateObject {
    struct Row: TemplateObject {
        let name: String
        let title: String
        let href: String?
        let guide: String
        let role: String
        let detail: String
        static let templateFields: TemplateFields<Self> = [
            .field("name", \.name), .field("title", \.title), .field("href", \.href), .field("guide", \.guide),
            .field("role", \.role), .field("detail", \.detail),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let lead: String
    let rows: [Row]
    let notice: Notice?
    /// Whether the person may add an exhibition (an admin of every one).
    let canAdd: Bool

    static func html(context: StudioContext, user: StudioUser, exhibitions: [StudioExhibition], state: StudioState,
                     done: String? = nil) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let rows: [Row] = exhibitions.compactMap { exhibition in
            guard let role = user.account.role(in: exhibition.name) else { return nil }
            guard let guide = exhibition.guide else {
                return Row(name: exhibition.name, title: exhibition.name, href: nil, guide: "/\(exhibition.name)/", role: words.role(role),
                           detail: words["exhibition_unavailable"])
            }
            let catalog = guide.watchedLoad().catalog
            let drafts = (try? state.scoped(to: exhibition.name).drafts().count) ?? 0
            let detail = words["exhibition_detail", ["count": catalog.exhibitCount.formatted(), "drafts": drafts.formatted()]]
            return Row(name: exhibition.name, title: catalog.primary.exposition.title, href: StudioPaths.exhibition(exhibition.name).base,
                       guide: "/\(exhibition.name)/", role: words.role(role), detail: detail)
        }
        let lead = rows.isEmpty ? words["exhibitions_none"]
            : words["exhibitions_lead", ["count": rows.count.formatted(), "all": exhibitions.count.formatted()]]
        let page = ExhibitionsPage(frame: StudioFrame(title: words["exhibitions_heading"], context: context, user: user), t: words,
                                   lead: lead, rows: rows, notice: Notice(done == "added" ? words["exhibition_added_done"] : nil),
                                   canAdd: user.role.may(.addExhibition))
        return StudioTemplates.render(page, "exhibitions")
    }

    static let templateFields: TemplateFields<Self> = [.field("frame", \.frame), .field("t", \.t), .field("lead", \.lead), .field("rows", \.rows),
                                                           .field("notice", \.notice), .field("canAdd", \.canAdd)]
}
