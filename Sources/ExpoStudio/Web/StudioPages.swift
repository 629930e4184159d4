import ExpoCatalog
import ExpoSite
import Foundation
import HTTPTypes
import Hummingbird

/// The studio's pages as HTML. Every text from a person or a catalog goes through
/// `escape`; the pages carry no inline script or style, so the guide's CSP holds.
enum StudioPages {
    /// `text` for a page: escaped as the guide escapes, and without the control characters
    /// a catalog's text may not hold either (a name or a form may still bring one).
    static func escape(_ text: String) -> String {
        HTMLEscaping.escape(ControlCharacters.removingForbidden(text)?.text ?? text)
    }

    /// The address of the form that edits `key`: an exhibit's id, or a document's key.
    static func editPath(_ key: String) -> String {
        switch CatalogDocument(rawValue: key) {
        case .exposition: "/studio/exposition"
        case .tours: "/studio/tours"
        case .floors: "/studio/floors"
        case nil: "/studio/exhibits/" + StudioRouter.pathSegment(key)
        }
    }

    /// A whole page: `title`, and `main` (already HTML) inside the studio's frame.
    static func page(_ title: String, main: String, context: StudioContext, user: StudioUser? = nil) -> String {
        let words = StudioStrings.of(context.language)
        var header = """
            <header class="bar"><a class="brand" href="/studio/">\(escape(words["guide_name"]))</a>
            """
        if let user {
            header += """
                <nav aria-label="\(escape(words["main_navigation"]))"><ul>\
                <li><a href="/studio/">\(escape(words["nav_home"]))</a></li>\
                <li><a href="/studio/exposition">\(escape(words["exposition_heading"]))</a></li>\
                <li><a href="/studio/exhibits">\(escape(words["exhibits_heading"]))</a></li>\
                <li><a href="/studio/translations">\(escape(words["translations_heading"]))</a></li>\
                <li><a href="/studio/publish">\(escape(words["publish_heading"]))</a></li>\
                \(user.account.role.may(.readCounts) ? "<li><a href=\"/studio/usage\">\(escape(words["usage_heading"]))</a></li>" : "")\
                \(user.account.role.may(.readAuditLog) ? "<li><a href=\"/studio/audit\">\(escape(words["audit_heading"]))</a></li>" : "")\
                \(user.account.role.may(.manageAccounts) ? "<li><a href=\"/studio/accounts\">\(escape(words["accounts_heading"]))</a></li>" : "")\
                <li><a href="/">\(escape(words["public_guide"]))</a></li></ul></nav>\
                <form class="logout" method="post" action="/studio/logout">\(tokenField(user.formToken))\
                <p>\(escape(words["signed_in_as", ["name": user.account.name, "role": words.role(user.account.role)]]))</p>\
                <button type="submit">\(escape(words["log_out"]))</button></form>
                """
        }
        header += "</header>"
        return """
            <!DOCTYPE html>
            <html lang="\(context.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(escape(title)) · \(escape(words["guide_name"]))</title>
            <link rel="stylesheet" href="/studio/assets/studio.css">
            <script src="/studio/assets/studio.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#content">\(escape(words["skip_to_content"]))</a>
            \(header)
            <main id="content" tabindex="-1">
            \(main)
            </main>
            </body>
            </html>

            """
    }

    /// A moment as staff read it: `2026-11-27 05:37 UTC`.
    static func time(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    static func tokenField(_ token: String) -> String {
        "<input type=\"hidden\" name=\"\(FormGuard.tokenField)\" value=\"\(escape(token))\">"
    }

    static func response(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A refusal or a missing page, said in the person's language.
    static func problem(_ status: HTTPResponse.Status, context: StudioContext, key: String? = nil) -> Response {
        let words = StudioStrings.of(context.language)
        let text = words[key ?? (status == .notFound ? "not_found" : status == .unauthorized ? "session_over" : "forbidden")]
        let main = """
            <h1>\(escape(text))</h1>
            <p><a href="/studio/">\(escape(words["studio"]))</a></p>
            """
        return response(page(text, main: main, context: context, user: context.identity), status: status)
    }

    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
