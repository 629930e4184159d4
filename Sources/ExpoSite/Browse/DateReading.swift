/// A fact's date read as a century, and a decade where the date is that precise:
/// `1377` and `1377년` are the 14th century and the 1370s, `c.1830–5` the 1830s,
/// `c. 1850–1860` only the 19th century, `19세기` and `19th century` the 19th. A date that
/// names no year (`조선 후기`, `date not known`), that spans centuries, or that is before the
/// common era, is not read at all: it is left out rather than guessed.
///
/// A century is counted as people speak of it: the 19th is 1800 to 1899, so that its
/// decades (the 1800s to the 1890s) sit under it.
struct DateReading: Sendable, Equatable {
    /// 14 for the 14th century.
    var century: Int
    /// 1370 for the 1370s; nil when the date spans decades or names only its century.
    var decade: Int?

    init(century: Int, decade: Int? = nil) {
        self.century = century
        self.decade = decade
    }

    /// Years up to this one are read as years; a larger number is something else.
    static let latestYear = 2199

    static func read(_ text: String) -> DateReading? {
        let tokens = DateTokens(text)
        guard !tokens.isBeforeCommonEra else { return nil }
        // The first part that says something: `1819, printed 1820` is 1819, and
        // `April 14, 1900` reads on past its day.
        for part in tokens.parts {
            let found = readings(part)
            guard let first = found.first else { continue }
            guard found.allSatisfy({ $0.century == first.century }) else { return nil }
            let decade = found.allSatisfy { $0.decade != nil && $0.decade == first.decade } ? first.decade : nil
            return DateReading(century: first.century, decade: decade)
        }
        return nil
    }

    /// Every year, decade and century one part of a date names.
    private static func readings(_ part: ArraySlice<DateTokens.Token>) -> [DateReading] {
        var found: [DateReading] = []
        let tokens = Array(part)
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard case let .number(value, digits) = tokens[index].kind else { continue }
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let word = next.flatMap { token -> String? in
                if case let .word(word) = token.kind { return word }
                return nil
            }
            // `19th century`, `19세기`, `19世紀`, `19. Jahrhundert`
            if digits <= 2, value >= 1, let word {
                let after = index + 2 < tokens.count ? tokens[index + 2] : nil
                // `18th–19th century`: the first is a century too.
                let followedByCentury: Bool = {
                    switch after?.kind {
                    case let .word(noun)?: return noun == "century" || noun == "c"
                    case .dash?: return tokens.contains { $0.kind == .word("century") }
                    default: return false
                    }
                }()
                if (["st", "nd", "rd", "th"].contains(word) && next?.joined == true && followedByCentury)
                    || word.hasPrefix("세기") || word.hasPrefix("世紀") || word.hasPrefix("世纪") || word.hasPrefix("jahrhundert") {
                    found.append(DateReading(century: value))
                    continue
                }
            }
            guard digits >= 3, digits <= 4, value >= 100, value <= latestYear else {
                // `1830–41`, `1830–5`: the end of a range, written short.
                if digits <= 2, index >= 2, case .dash = tokens[index - 1].kind, case let .number(start, startDigits) = tokens[index - 2].kind,
                   startDigits == 4, !(next.map { if case .dash = $0.kind { true } else { false } } ?? false) {
                    let scale = digits == 1 ? 10 : 100
                    let end = start - start % scale + value
                    if end > start { found.append(Self(year: end)) }
                }
                continue
            }
            // `1850s`, `1850's`, `1850년대`, `1850年代`: a decade; `1800s` may mean the century.
            if let word, next?.joined == true, word == "s" || word.hasPrefix("년대") || word.hasPrefix("年代") {
                found.append(value % 100 == 0 ? DateReading(century: value / 100 + 1)
                             : value % 10 == 0 ? Self(year: value) : DateReading(century: value / 100 + 1))
                continue
            }
            found.append(Self(year: value))
        }
        return found
    }

    private init(year: Int) {
        self.init(century: year / 100 + 1, decade: year / 10 * 10)
    }
}
