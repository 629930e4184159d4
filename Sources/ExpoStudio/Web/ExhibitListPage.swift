import ExpoCatalog
import Foundation

/// The studio's list of exhibits: searched with the guide's own search, a page at a time,
/// each with its stop, its name and whether it has a draft.
enum ExhibitListPage {
    static let perPage = 50

    struct Row {
        let exhibit: Exhibit
        let draft: Draft?
    }

    static func html(context: StudioContext, user: StudioUser, query: String, rows: [Row], found: Int, total: Int, page: Int,
                     editable: Bool) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let pages = max(1, (found + perPage - 1) / perPage)
        let items = rows.map { row in
            let status = row.draft.map { draft in
                draft.submitted ? words["status_submitted"] : words["status_draft", ["account": draft.account]]
            } ?? ""
            return "<tr><td>\(row.exhibit.stop)</td><td><a href=\"/studio/exhibits/\(e(row.exhibit.id))\">\(e(row.exhibit.name))</a></td>"
                + "<td>\(e(row.exhibit.id))</td><td>\(e(status))</td></tr>"
        }.joined(separator: "\n")
        func link(_ number: Int) -> String {
            var components = URLComponents()
            components.queryItems = (query.isEmpty ? [] : [URLQueryItem(name: "q", value: query)]) + [URLQueryItem(name: "page", value: String(number))]
            return "/studio/exhibits?" + (components.percentEncodedQuery ?? "")
        }
        var paging: [String] = []
        if page > 1 { paging.append("<a href=\"\(e(link(page - 1)))\" rel=\"prev\">\(e(words["previous_page"]))</a>") }
        paging.append("<span>\(e(words["page_of", ["page": page.formatted(), "pages": pages.formatted()]]))</span>")
        if page < pages { paging.append("<a href=\"\(e(link(page + 1)))\" rel=\"next\">\(e(words["next_page"]))</a>") }
        let count = query.isEmpty ? words["all_count", ["count": total.formatted()]]
            : words["found_count", ["count": found.formatted(), "query": query]]
        let main = """
            <h1 id="list-heading">\(e(words["exhibits_heading"]))</h1>
            \(editable ? "" : "<p class=\"alert\">\(e(words["not_editable"]))</p>")
            <form class="search" method="get" action="/studio/exhibits" role="search">
            <label for="q">\(e(words["search_label"]))</label>
            <div class="row"><input id="q" name="q" type="search" value="\(e(query))"><button type="submit">\(e(words["search_button"]))</button></div>
            </form>
            <p role="status">\(e(count))</p>
            <div class="table" tabindex="0" role="region" aria-labelledby="list-heading"><table>
            <thead><tr><th scope="col">\(e(words["column_stop"]))</th><th scope="col">\(e(words["column_name"]))</th>\
            <th scope="col">\(e(words["column_id"]))</th><th scope="col">\(e(words["column_status"]))</th></tr></thead>
            <tbody>
            \(items)
            </tbody></table></div>
            <nav class="paging" aria-label="\(e(words["pages_navigation"]))">\(paging.joined(separator: " "))</nav>
            """
        return StudioPages.page(words["exhibits_heading"], main: main, context: context, user: user)
    }
}
