import ExpoServer
import ExpoSite

/// The dashboard: how the guide was used over a range of days, each chart with its table,
/// and the counts to download as CSV. For editors and admins.
enum UsagePage {
    static func html(context: StudioContext, user: StudioUser, report: UsageReport, notice: String?) -> String {
        let words = StudioStrings.of(context.language)
        let escape = StudioPages.escape
        let range = "from=\(UsageDay.date(report.first))&amp;to=\(UsageDay.date(report.last))"
        var main = """
            <h1>\(escape(words["usage_heading"]))</h1>
            <p>\(escape(words["usage_lead"]))</p>
            \(notice.map { "<p class=\"notice\" role=\"status\">\(escape($0))</p>" } ?? "")
            <form class="usage-range" method="get" action="/studio/usage">
            <label>\(escape(words["usage_from"])) <input type="date" name="from" value="\(UsageDay.date(report.first))" required></label>
            <label>\(escape(words["usage_to"])) <input type="date" name="to" value="\(UsageDay.date(report.last))" required></label>
            <button type="submit">\(escape(words["usage_show"]))</button>
            </form>
            <p><a href="/studio/usage.csv?\(range)" download>\(escape(words["usage_csv"]))</a> · \
            <a href="/studio/usage-searches.csv?\(range)" download>\(escape(words["usage_missed_csv"]))</a></p>
            """
        main += section("usage-views", words["usage_views_heading"], chart: BarChart.columns(report.viewsByPeriod, labelledBy: "usage-views"),
                        columns: [words["usage_date"], words["usage_views"]],
                        rows: report.viewsByPeriod.map { [$0.label, String($0.value)] },
                        note: words["usage_total", ["count": report.totalViews.formatted()]])
        main += section("usage-most", words["usage_most_heading"], chart: BarChart.horizontal(report.mostOpened, labelledBy: "usage-most"),
                        columns: [words["usage_exhibit"], words["usage_views"]], rows: report.mostOpened.map { [$0.label, String($0.value)] })
        main += section("usage-least", words["usage_least_heading"], chart: "",
                        columns: [words["usage_exhibit"], words["usage_views"]], rows: report.leastOpened.map { [$0.label, String($0.value)] })
        let plays = report.plays.map { Bar(label: words["usage_kind_\($0.kind)"], value: $0.started) }
        main += section("usage-plays", words["usage_plays_heading"], chart: BarChart.horizontal(plays, labelledBy: "usage-plays"),
                        columns: [words["usage_kind"], words["usage_started"], words["usage_finished"], words["usage_share"]],
                        rows: report.plays.map { play in
                            [words["usage_kind_\(play.kind)"], String(play.started), String(play.finished),
                             play.started == 0 ? "–" : "\(play.finished * 100 / play.started) %"]
                        })
        for (index, tour) in report.tours.enumerated() {
            let id = "usage-tour-\(index + 1)"
            main += section(id, words["usage_tour_heading", ["title": tour.title]], chart: BarChart.horizontal(tour.stops, labelledBy: id),
                            columns: [words["usage_stop"], words["usage_views"]], rows: tour.stops.map { [$0.label, String($0.value)] })
        }
        let entries = report.entries.map { Bar(label: words["usage_entry_\($0.label)"], value: $0.value) }
        main += section("usage-entries", words["usage_entries_heading"], chart: BarChart.horizontal(entries, labelledBy: "usage-entries"),
                        columns: [words["usage_entry"], words["usage_views"]], rows: entries.map { [$0.label, String($0.value)] })
        main += section("usage-languages", words["usage_languages_heading"], chart: BarChart.horizontal(report.languages, labelledBy: "usage-languages"),
                        columns: [words["usage_language"], words["usage_views"]], rows: report.languages.map { [$0.label, String($0.value)] })
        main += section("usage-missed", words["usage_missed_heading"], chart: "",
                        columns: [words["usage_language"], words["usage_query"], words["usage_count"]],
                        rows: report.missed.prefix(100).map { [$0.language, $0.query, String($0.count)] },
                        note: words["usage_missed_lead", ["total": report.missedTotal.formatted(), "count": String(MissedSearches.threshold)]])
        main += section("usage-others", words["usage_others_heading"], chart: "",
                        columns: [words["usage_what"], words["usage_count"]], rows: report.others.map { [$0.label, String($0.value)] })
        return StudioPages.page(words["usage_heading"], main: main, context: context, user: user)
    }

    private typealias Bar = UsageReport.Bar

    /// A heading, its chart and the table the chart draws. The table's scrolling region is
    /// named by the heading; the section is not, so that no two landmarks share a name.
    private static func section(_ id: String, _ heading: String, chart: String, columns: [String], rows: [[String]], note: String? = nil) -> String {
        let escape = StudioPages.escape
        let head = columns.map { "<th scope=\"col\">\(escape($0))</th>" }.joined()
        let body = rows.map { row in
            "<tr>" + row.enumerated().map { index, cell in index == 0 ? "<th scope=\"row\">\(escape(cell))</th>" : "<td>\(escape(cell))</td>" }.joined() + "</tr>"
        }.joined(separator: "\n")
        return """
            <section class="usage-section">
            <h2 id="\(id)">\(escape(heading))</h2>
            \(note.map { "<p>\(escape($0))</p>" } ?? "")
            \(chart)
            <div class="table" tabindex="0" role="region" aria-labelledby="\(id)"><table>
            <thead><tr>\(head)</tr></thead>
            <tbody>
            \(body)
            </tbody></table></div>
            </section>

            """
    }
}
