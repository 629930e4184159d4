import ExpoServer

/// The counts as CSV (RFC 4180), one row a stored count, and the searches that found
/// nothing. A museum's CSV begins each row with the exhibition it belongs to; the one
/// catalog's has no such column. A visitor typed those searches: a cell that a spreadsheet
/// would read as a formula (starting with = + - @, a tab or a return) is written with a ' before it.
enum UsageCSV {
    typealias Missed = [(language: String, query: String, count: Int)]

    static func counts(_ rows: [UsageRow], exhibition: String? = nil) -> String {
        counts([(exhibition, rows)])
    }

    static func counts(_ groups: [(exhibition: String?, rows: [UsageRow])]) -> String {
        let named = groups.contains { $0.exhibition != nil }
        var text = (named ? "exhibition," : "") + "period,subject,language,metric,count\r\n"
        for (exhibition, rows) in groups {
            for row in rows {
                let cells = [row.period, row.subject, row.language, row.metric.name, String(row.count)]
                text += line(named ? [exhibition ?? ""] + cells : cells)
            }
        }
        return text
    }

    static func searches(_ missed: Missed, first: Int, last: Int, exhibition: String? = nil) -> String {
        searches([(exhibition, missed)], first: first, last: last)
    }

    static func searches(_ groups: [(exhibition: String?, missed: Missed)], first: Int, last: Int) -> String {
        let named = groups.contains { $0.exhibition != nil }
        var text = (named ? "exhibition," : "") + "from,to,language,query,count\r\n"
        for (exhibition, missed) in groups {
            for search in missed {
                let cells = [UsageDay.date(first), UsageDay.date(last), search.language, search.query, String(search.count)]
                text += line(named ? [exhibition ?? ""] + cells : cells)
            }
        }
        return text
    }

    private static func line(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    static func cell(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
