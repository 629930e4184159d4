import ExpoCatalog
import Foundation

/// Every publish and revert of one exhibit, what each changed from what to what, and (for
/// editors) a button that sets the exhibit back to before any of them.
enum HistoryPage {
    static func html(context: StudioContext, user: StudioUser, exhibit: String, name: String,
                     history: [(publication: Publication, changes: [PublishedChange])], message: String? = nil) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let title = words["history_heading"] + ": " + name
        var main = "<h1>\(e(title))</h1>\n"
        if let message { main += "<p class=\"notice\" role=\"status\">\(e(message))</p>\n" }
        main += "<p>\(e(words["history_lead"]))</p>\n<p><a href=\"\(e(StudioPages.editPath(exhibit)))\">\(e(name))</a></p>\n"
        if history.isEmpty { main += "<p>\(e(words["no_history"]))</p>\n" }
        for (publication, changes) in history {
            let number = String(publication.id ?? 0)
            let heading = words["publication", ["number": number, "kind": words["kind_\(publication.kind.rawValue)"],
                                                "account": publication.account,
                                                "time": StudioPages.time(publication.time)]]
            let rows = changes.map { change in
                "<tr><td>\(e(change.language))</td><td>\(e(change.field))</td>"
                    + "<td>\(e(change.old.isEmpty ? words["empty_text"] : change.old))</td><td>\(e(change.new.isEmpty ? words["empty_text"] : change.new))</td></tr>"
            }.joined(separator: "\n")
            main += """
                <section aria-labelledby="p\(number)"><h2 id="p\(number)">\(e(heading))</h2>
                <div class="table" tabindex="0" role="region" aria-labelledby="p\(number)"><table>
                <thead><tr><th scope="col">\(e(words["column_language"]))</th><th scope="col">\(e(words["column_field"]))</th>\
                <th scope="col">\(e(words["column_old"]))</th><th scope="col">\(e(words["column_new"]))</th></tr></thead>
                <tbody>
                \(rows)
                </tbody></table></div>
                """
            if user.account.role.may(.revert) {
                main += "<form method=\"post\" action=\"\(e(StudioPages.editPath(exhibit)))/revert\">\(StudioPages.tokenField(user.formToken))"
                    + "<input type=\"hidden\" name=\"publication\" value=\"\(number)\">"
                    + "<button type=\"submit\" class=\"secondary\">\(e(words["revert_button", ["number": number]]))</button></form>"
            }
            main += "</section>\n"
        }
        return StudioPages.page(title, main: main, context: context, user: user)
    }
}
