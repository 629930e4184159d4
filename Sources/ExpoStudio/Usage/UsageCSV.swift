import ExpoServer

/// The counts as CSV (RFC 4180), one row a stored count, and the searches that found
/// nothing. A visitor typed those searches: a cell that a spreadsheet would read as a
/// formula (starting with = + - @, a tab or a return) is written with a ' before it.
enum UsageCSV {
    static func counts(_ rows: [UsageRow]) -> String {
        var text = "period,subject,language,metric,count\r\n"
        for row in rows {
            text += [row.period, row.subject, row.language, row.metric.name, String(row.count)].map(cell).joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func searches(_ missed: [(language: String, query: String, count: Int)], first: Int, last: Int) -> String {
        var text = "from,to,language,query,count\r\n"
        for search in missed {
            text += [UsageDay.date(first), UsageDay.date(last), search.language, search.query, String(search.count)].map(cell).joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func cell(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
