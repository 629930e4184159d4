import ExpoSite

/// The floors' page of a catalog that has no floors yet: what a floor gives visitors, and
/// the form that adds the first by sending its plan.
struct FirstFloorPage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let problem: String?

    static func html(context: StudioContext, user: StudioUser, message: String?) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        return StudioTemplates.render(FirstFloorPage(frame: StudioFrame(title: words["first_floor_heading"], context: context, user: user),
                                                     t: words, problem: message), "first-floor")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("problem", \.problem),
        .field("newFloorHint", { $0.t["floor_new_hint", ["megabytes": String(GuideEditing.fileLimit >> 20)]] }),
    ]
}
