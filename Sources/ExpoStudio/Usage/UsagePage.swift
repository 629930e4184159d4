import ExpoServer
import ExpoSite

/// The dashboard: how the guide was used over a range of days, each chart with its table,
/// and the counts to download as CSV. For editors and admins.
struct UsagePage: TemplateObject {
    struct Row: TemplateObject {
        let head: String
        let cells: [String]
        static let templateFields: TemplateFields<Self> = [.field("head", \.head), .field("cells", \.cells)]
    }

    /// A heading, its chart and the table the chart draws. The table's scrolling region is
    /// named by the heading; the section is not, so that no two landmarks share a name.
    struct Section: TemplateObject {
        let id: String
        let heading: String
        let note: String?
        let bars: BarChart?
        let columnChart: BarChart?
        let columns: [String]
        let rows: [Row]
        static let templateFields: TemplateFields<Self> = [
            .field("id", \.id), .field("heading", \.heading), .field("note", \.note), .field("bars", \.bars),
            .field("columnChart", \.columnChart), .field("columns", \.columns), .field("rows", \.rows),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let from: String
    let to: String
    let sections: [Section]

    static func html(context: StudioContext, user: StudioUser, report: UsageReport, notice: String?) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        typealias Bar = UsageReport.Bar
        func section(_ id: String, _ heading: String, bars: [Bar]? = nil, columns: [String], rows: [[String]], note: String? = nil) -> Section {
            Section(id: id, heading: heading, note: note, bars: bars.flatMap { BarChart.horizontal($0, labelledBy: id) }, columnChart: nil,
                    columns: columns, rows: rows.map { Row(head: $0.first ?? "", cells: Array($0.dropFirst())) })
        }
        var views = section("usage-views", words["usage_views_heading"], columns: [words["usage_date"], words["usage_views"]],
                            rows: report.viewsByPeriod.map { [$0.label, String($0.value)] },
                            note: words["usage_total", ["count": report.totalViews.formatted()]])
        views = Section(id: views.id, heading: views.heading, note: views.note, bars: nil,
                        columnChart: BarChart.columns(report.viewsByPeriod, labelledBy: views.id), columns: views.columns, rows: views.rows)
        var sections = [views]
        sections.append(section("usage-most", words["usage_most_heading"], bars: report.mostOpened,
                                columns: [words["usage_exhibit"], words["usage_views"]], rows: report.mostOpened.map { [$0.label, String($0.value)] }))
        sections.append(section("usage-least", words["usage_least_heading"],
                                columns: [words["usage_exhibit"], words["usage_views"]], rows: report.leastOpened.map { [$0.label, String($0.value)] }))
        let plays = report.plays.map { Bar(label: words["usage_kind_\($0.kind)"], value: $0.started) }
        sections.append(section("usage-plays", words["usage_plays_heading"], bars: plays,
                                columns: [words["usage_kind"], words["usage_started"], words["usage_finished"], words["usage_share"]],
                                rows: report.plays.map { play in
                                    [words["usage_kind_\(play.kind)"], String(play.started), String(play.finished),
                                     play.started == 0 ? "–" : "\(play.finished * 100 / play.started) %"]
                                }))
        for (index, tour) in report.tours.enumerated() {
            sections.append(section("usage-tour-\(index + 1)", words["usage_tour_heading", ["title": tour.title]], bars: tour.stops,
                                    columns: [words["usage_stop"], words["usage_views"]], rows: tour.stops.map { [$0.label, String($0.value)] }))
        }
        let entries = report.entries.map { Bar(label: words["usage_entry_\($0.label)"], value: $0.value) }
        sections.append(section("usage-entries", words["usage_entries_heading"], bars: entries,
                                columns: [words["usage_entry"], words["usage_views"]], rows: entries.map { [$0.label, String($0.value)] }))
        sections.append(section("usage-languages", words["usage_languages_heading"], bars: report.languages,
                                columns: [words["usage_language"], words["usage_views"]], rows: report.languages.map { [$0.label, String($0.value)] }))
        sections.append(section("usage-missed", words["usage_missed_heading"],
                                columns: [words["usage_language"], words["usage_query"], words["usage_count"]],
                                rows: report.missed.prefix(100).map { [$0.language, $0.query, String($0.count)] },
                                note: words["usage_missed_lead", ["total": report.missedTotal.formatted(), "count": String(MissedSearches.threshold)]]))
        sections.append(section("usage-others", words["usage_others_heading"],
                                columns: [words["usage_what"], words["usage_count"]], rows: report.others.map { [$0.label, String($0.value)] }))
        let page = UsagePage(frame: StudioFrame(title: words["usage_heading"], context: context, user: user), t: words, notice: Notice(notice),
                             from: UsageDay.date(report.first), to: UsageDay.date(report.last), sections: sections)
        return StudioTemplates.render(page, "usage")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("from", \.from), .field("to", \.to),
        .field("sections", \.sections),
    ]
}
