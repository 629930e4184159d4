import ExpoSite

/// A refusal, a missing page or a failure, in the person's language, with the way back.
struct ProblemPage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let detail: String?

    static func html(title: String, detail: String? = nil, context: StudioContext) -> [UInt8] {
        StudioTemplates.render(ProblemPage(frame: StudioFrame(title: title, context: context, user: context.identity),
                                           t: .of(context.language), detail: detail), "problem")
    }

    static let templateFields: TemplateFields<Self> = [.field("frame", \.frame), .field("t", \.t), .field("detail", \.detail)]
}
