/// A day written with numbers in a catalog (`1900. 04. 14`, `1900-04-14`), so that each
/// language can write it in its own order and words.
struct CalendarDate: Sendable, Equatable {
    var year: Int
    var month: Int
    var day: Int

    /// `1900. 04. 14`, `1900.4.14`, `1900-04-14`, `1900/04/14`: year, month and day in that order.
    init?(_ text: some StringProtocol) {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "/" || $0 == " " })
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, (1...12).contains(month), (1...31).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The two ends of a duration written as two numeric dates around a dash
    /// (`1900. 04. 14 - 1900. 11. 12`); nil for anything else, which is shown as written.
    static func range(_ text: String) -> (start: CalendarDate, end: CalendarDate)? {
        for dash in [" - ", " – ", " — ", "~", "–", "—"] {
            let halves = text.components(separatedBy: dash)
            if halves.count == 2, let start = CalendarDate(halves[0].trimmingWhitespace()), let end = CalendarDate(halves[1].trimmingWhitespace()) {
                return (start, end)
            }
        }
        return nil
    }
}
