import ExpoSite

/// A refusal, a missing page or a failure, in the person's language, with the way back.
struct ProblemPage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let detail: String?
    /// The way back: this studio's first page, or the museum's for someone without a role here.
    let home: String

    static func html(title: String, detail: String? = nil, context: StudioContext) -> [UInt8] {
        StudioTemplates.render(ProblemPage(frame: StudioFrame(title: title, context: context, user: context.identity),
                                           t: .of(context.language), detail: detail,
                                           home: context.identity == nil ? StudioPaths.root : StudioPaths.current.base), "problem")
    }

    static let templateFields: TemplateFields<Self> = [.field("frame", \.frame), .field("t", \.t), .field("detail", \.detail),
                                                       .field("home", \.home)]
}
