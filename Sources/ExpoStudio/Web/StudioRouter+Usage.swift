import ExpoServer
import Foundation
import HTTPTypes
import Hummingbird

extension StudioRouter {
    /// The dashboard and its CSV files, for editors and admins.
    func addUsage(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        guard let state = usage else { return }
        signedIn.group("/usage").add(middleware: RequireCapability(capability: .readCounts)).get { [editing] request, context in
            let (first, last, understood) = Self.range(request, today: UsageDay.today())
            let report = UsageReport(rows: try state.usageRows(from: first, to: last), missed: try state.missedSearches(from: first, to: last),
                                     catalog: editing.guide.watchedLoad().catalog, first: first, last: last)
            let notice = understood ? nil : StudioStrings.of(context.language)["usage_bad_range"]
            return StudioPages.response(UsagePage.html(context: context, user: try context.user(), report: report, notice: notice))
        }
        // An exhibition's CSV says which one it is, in every row and in the file's name.
        let exhibition = paths.exhibition
        let prefix = exhibition.map { $0 + "-" } ?? ""
        signedIn.group("/usage.csv").add(middleware: RequireCapability(capability: .readCounts)).get { request, _ in
            let (first, last, _) = Self.range(request, today: UsageDay.today())
            return Self.csv(UsageCSV.counts(try state.usageRows(from: first, to: last), exhibition: exhibition), name: prefix + "counts",
                            first: first, last: last)
        }
        signedIn.group("/usage-searches.csv").add(middleware: RequireCapability(capability: .readCounts)).get { request, _ in
            let (first, last, _) = Self.range(request, today: UsageDay.today())
            return Self.csv(UsageCSV.searches(try state.missedSearches(from: first, to: last), first: first, last: last, exhibition: exhibition),
                            name: prefix + "searches", first: first, last: last)
        }
    }

    /// On a museum's own pages: the counts of every exhibition the person may read them in,
    /// side by side and in one CSV. Someone who may read none is refused (403), as on an
    /// exhibition's dashboard.
    func addMuseumUsage(to signedIn: RouterGroup<StudioContext>) {
        guard let museum, paths.isMuseum, museum.keepsCounts else { return }
        signedIn.get("/usage") { request, context in
            let user = try context.user()
            let counted = Self.countedExhibitions(museum, user: user)
            guard !counted.isEmpty else { return StudioPages.problem(.forbidden, context: context) }
            let (first, last, understood) = Self.range(request, today: UsageDay.today())
            let reports = try counted.map { exhibition, store in
                guard let catalog = exhibition.guide?.watchedLoad().catalog else {
                    return MuseumUsagePage.Counted(name: exhibition.name, report: nil, title: exhibition.name)
                }
                let report = UsageReport(rows: try store.usageRows(from: first, to: last), missed: try store.missedSearches(from: first, to: last),
                                         catalog: catalog, first: first, last: last)
                return MuseumUsagePage.Counted(name: exhibition.name, report: report, title: catalog.primary.exposition.title)
            }
            let notice = understood ? nil : StudioStrings.of(context.language)["usage_bad_range"]
            return StudioPages.response(MuseumUsagePage.html(context: context, user: user, counted: reports, first: first, last: last,
                                                             notice: notice))
        }
        signedIn.get("/usage.csv") { request, context in
            let counted = Self.countedExhibitions(museum, user: try context.user())
            guard !counted.isEmpty else { return StudioPages.problem(.forbidden, context: context) }
            let (first, last, _) = Self.range(request, today: UsageDay.today())
            let groups = try counted.map { exhibition, store in (Optional(exhibition.name), try store.usageRows(from: first, to: last)) }
            return Self.csv(UsageCSV.counts(groups), name: "counts", first: first, last: last)
        }
        signedIn.get("/usage-searches.csv") { request, context in
            let counted = Self.countedExhibitions(museum, user: try context.user())
            guard !counted.isEmpty else { return StudioPages.problem(.forbidden, context: context) }
            let (first, last, _) = Self.range(request, today: UsageDay.today())
            let groups = try counted.map { exhibition, store in (Optional(exhibition.name), try store.missedSearches(from: first, to: last)) }
            return Self.csv(UsageCSV.searches(groups, first: first, last: last), name: "searches", first: first, last: last)
        }
    }

    /// The exhibitions whose counts `user` may read, in the museum's order, with their counts.
    static func countedExhibitions(_ museum: any StudioExhibitions, user: StudioUser) -> [(StudioExhibition, UsageStore)] {
        museum.exhibitions().compactMap { exhibition in
            guard user.account.role(in: exhibition.name)?.may(.readCounts) == true, let store = museum.counts(of: exhibition.name) else {
                return nil
            }
            return (exhibition, store)
        }
    }

    /// The longest range shown at once.
    static let longestRange = 731

    /// The range `?from=2026-11-01&to=2026-11-27` asks for: the last 30 days without one,
    /// and when a date cannot be read (said on the page); at most `longestRange` days, ending at `to`.
    static func range(_ request: Request, today: Int) -> (first: Int, last: Int, understood: Bool) {
        let from = request.uri.queryParameters["from"], to = request.uri.queryParameters["to"]
        guard from != nil || to != nil else { return (today - 29, today, true) }
        guard let first = from.flatMap({ UsageDay.day(of: Substring($0)) }), let last = to.flatMap({ UsageDay.day(of: Substring($0)) }) else {
            return (today - 29, today, false)
        }
        let (low, high) = first <= last ? (first, last) : (last, first)
        return (max(low, high - longestRange + 1), high, true)
    }

    static func csv(_ text: String, name: String, first: Int, last: Int) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"expo1900-\(name)-\(UsageDay.date(first))-\(UsageDay.date(last)).csv\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
