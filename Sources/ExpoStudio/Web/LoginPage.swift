import Hummingbird

/// The login form: a plain form that works without script. `message` says why the last
/// try did not work, the same words whatever the reason.
enum LoginPage {
    static func html(context: StudioContext, token: String, name: String = "", message: String? = nil) -> String {
        let words = StudioStrings.of(context.language)
        let alert = message.map { "<p class=\"alert\" role=\"alert\" id=\"login-problem\">\(StudioPages.escape($0))</p>" } ?? ""
        let described = message == nil ? "" : " aria-describedby=\"login-problem\""
        let main = """
            <h1>\(StudioPages.escape(words["log_in_heading"]))</h1>
            <p>\(StudioPages.escape(words["log_in_lead"]))</p>
            \(alert)
            <form class="login" method="post" action="/studio/login">
            \(StudioPages.tokenField(token))
            <p><label for="name">\(StudioPages.escape(words["name"]))</label>
            <input id="name" name="name" autocomplete="username" required maxlength="64" value="\(StudioPages.escape(name))"\(described)></p>
            <p><label for="password">\(StudioPages.escape(words["password"]))</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required\(described)></p>
            <p><button type="submit">\(StudioPages.escape(words["log_in"]))</button></p>
            </form>
            """
        return StudioPages.page(words["log_in"], main: main, context: context)
    }
}
