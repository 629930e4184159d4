import ExpoCatalog
import ExpoSite
import Foundation

/// The studio's list of exhibits: searched with the guide's own search, a page at a time,
/// each with its stop, its name and whether it has a draft.
struct ExhibitListPage: TemplateObject {
    static let perPage = 50

    struct Row {
        let exhibit: Exhibit
        let draft: Draft?
    }

    struct Line: TemplateObject {
        let stop: Int
        let href: String
        let name: String
        let id: String
        let status: String
        static let templateFields: TemplateFields<Self> = [
            .field("stop", \.stop), .field("href", \.href), .field("name", \.name), .field("id", \.id), .field("status", \.status),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let editable: Bool
    let query: String
    let count: String
    let lines: [Line]
    let previous: String?
    let position: String
    let next: String?

    static func html(context: StudioContext, user: StudioUser, query: String, rows: [Row], found: Int, total: Int, page: Int,
                     editable: Bool) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let pages = max(1, (found + perPage - 1) / perPage)
        let lines = rows.map { row in
            let status = row.draft.map { draft in
                draft.submitted ? words["status_submitted"] : words["status_draft", ["account": draft.account]]
            } ?? ""
            return Line(stop: row.exhibit.stop, href: StudioPages.editPath(row.exhibit.id), name: row.exhibit.name, id: row.exhibit.id,
                        status: status)
        }
        func link(_ number: Int) -> String {
            var components = URLComponents()
            components.queryItems = (query.isEmpty ? [] : [URLQueryItem(name: "q", value: query)]) + [URLQueryItem(name: "page", value: String(number))]
            return StudioPaths.here("exhibits?") + (components.percentEncodedQuery ?? "")
        }
        let shownQuery = StudioText.shown(query)
        let count = query.isEmpty ? words["all_count", ["count": total.formatted()]]
            : words["found_count", ["count": found.formatted(), "query": shownQuery]]
        let model = ExhibitListPage(frame: StudioFrame(title: words["exhibits_heading"], context: context, user: user), t: words,
                                    editable: editable, query: shownQuery, count: count, lines: lines,
                                    previous: page > 1 ? link(page - 1) : nil,
                                    position: words["page_of", ["page": page.formatted(), "pages": pages.formatted()]],
                                    next: page < pages ? link(page + 1) : nil)
        return StudioTemplates.render(model, "exhibit-list")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("editable", \.editable), .field("query", \.query), .field("count", \.count),
        .field("lines", \.lines), .field("previous", \.previous), .field("position", \.position), .field("next", \.next),
    ]
}
