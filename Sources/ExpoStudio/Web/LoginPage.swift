import ExpoSite

/// The login form: a plain form that works without script. `problem` says why the last
/// try did not work, the same words whatever the reason.
struct LoginPage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let name: String
    let problem: String?

    static func html(context: StudioContext, token: String, name: String = "", message: String? = nil) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let page = LoginPage(frame: StudioFrame(title: words["log_in"], context: context, user: nil, token: token), t: words,
                             name: StudioText.shown(name), problem: message)
        return StudioTemplates.render(page, "login")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("name", \.name), .field("problem", \.problem),
    ]
}
