import ExpoSite

/// The form that adds an exhibition to a museum's folder, for an admin of every exhibition:
/// its name (its address), and what it begins from.
struct NewExhibitionPage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let name: String
    let sources: [Choice]

    static let sourceNames = ["starter", "zip", "sheets", "iiif"]

    static func html(context: StudioContext, user: StudioUser, name: String = "", source: String = "starter",
                     message: String? = nil, isAlert: Bool = false) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let sources = sourceNames.map { Choice(value: $0, label: words["exhibition_from_\($0)"], selected: $0 == source) }
        let page = NewExhibitionPage(frame: StudioFrame(title: words["exhibition_new_heading"], context: context, user: user), t: words,
                                     notice: Notice(message, isAlert: isAlert), name: name, sources: sources)
        return StudioTemplates.render(page, "new-exhibition")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("name", \.name), .field("sources", \.sources),
    ]
}
