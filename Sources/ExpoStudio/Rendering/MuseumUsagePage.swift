import ExpoServer
import ExpoSite

/// The counts of every exhibition a person may read them in, side by side, on a museum's
/// own pages: each one's views, plays and searches that found nothing over a range of days,
/// with a link to its own dashboard, and every count in one CSV.
struct MuseumUsagePage: TemplateObject {
    struct Row: TemplateObject {
        let title: String
        let name: String
        /// Its own dashboard for the same days; nil while its catalog cannot be loaded.
        let href: String?
        let views: String
        let plays: String
        let missed: String
        let top: String
        static let templateFields: TemplateFields<Self> = [
            .field("title", \.title), .field("name", \.name), .field("href", \.href), .field("views", \.views),
            .field("plays", \.plays), .field("missed", \.missed), .field("top", \.top),
        ]
    }

    /// One exhibition's counts over the range, as the route read them.
    struct Counted {
        let name: String
        /// Nil while its catalog cannot be loaded.
        let report: UsageReport?
        let title: String
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let from: String
    let to: String
    let lead: String
    let total: String
    let bars: BarChart?
    let rows: [Row]
    var hasRows: Bool { !rows.isEmpty }

    static func html(context: StudioContext, user: StudioUser, counted: [Counted], first: Int, last: Int, notice: String?) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let range = "?from=\(UsageDay.date(first))&to=\(UsageDay.date(last))"
        let rows = counted.map { one in
            guard let report = one.report else {
                return Row(title: one.title, name: one.name, href: nil, views: "–", plays: "–", missed: "–", top: words["exhibition_unavailable"])
            }
            return Row(title: one.title, name: one.name, href: StudioPaths.exhibition(one.name).base + "usage" + range,
                       views: report.totalViews.formatted(), plays: report.plays.reduce(0) { $0 + $1.started }.formatted(),
                       missed: report.missedTotal.formatted(), top: report.mostOpened.first?.label ?? "–")
        }
        let bars = counted.compactMap { one in one.report.map { UsageReport.Bar(label: one.title, value: $0.totalViews) } }
        let total = counted.compactMap(\.report).reduce(0) { $0 + $1.totalViews }
        let lead = words["usage_all_lead", ["count": counted.count.formatted()]]
        let page = MuseumUsagePage(frame: StudioFrame(title: words["usage_all_heading"], context: context, user: user), t: words,
                                   notice: Notice(notice), from: UsageDay.date(first), to: UsageDay.date(last), lead: lead,
                                   total: words["usage_all_total", ["count": total.formatted()]],
                                   bars: BarChart.horizontal(bars, labelledBy: "usage-exhibitions"), rows: rows)
        return StudioTemplates.render(page, "museum-usage")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("from", \.from), .field("to", \.to),
        .field("lead", \.lead), .field("total", \.total), .field("bars", \.bars), .field("rows", \.rows),
        .field("hasRows", \.hasRows),
    ]
}
