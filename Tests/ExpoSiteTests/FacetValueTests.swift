import Foundation
import Testing
@testable import ExpoSite

/// How browse values are read from the facts: dates as centuries and decades (or not at
/// all), values compared without regard to spacing, case and accents, and their addresses.
@Suite struct FacetValueTests {
    /// A date, and the century and decade it is read as (nil: left out of the date facet).
    static let dates: [(String, Int?, Int?)] = [
        ("1377", 14, 1370),
        ("1377년", 14, 1370),
        ("1377년 (고려 우왕 3년)", 14, 1370),
        ("19세기", 19, nil),
        ("19세기 후반", 19, nil),
        ("조선 후기", nil, nil),
        ("1850년대", 19, 1850),
        ("1850s", 19, 1850),
        ("1850's", 19, 1850),
        ("1800s", 19, nil),
        ("19th century", 19, nil),
        ("early 21st century", 21, nil),
        ("2nd century", 2, nil),
        ("c. 1850–1860", 19, nil),
        ("c.1830–41", 19, nil),
        ("c.1830–5", 19, 1830),
        ("1830-1839", 19, 1830),
        ("1790–1810", nil, nil),
        ("?1820", 19, 1820),
        ("published 1820", 19, 1820),
        ("1819, printed 1820", 19, 1810),
        ("14 April 1900", 20, 1900),
        ("April 14, 1900", 20, 1900),
        ("1900. 04. 14", 20, 1900),
        ("1900-04-14", 20, 1900),
        ("1819 or 1820", 19, nil),
        ("date not known", nil, nil),
        ("no date", nil, nil),
        ("", nil, nil),
        ("57 BC", nil, nil),
        ("기원전 57년", nil, nil),
        ("676", 7, 670),
        ("18th–19th century", nil, nil),
        ("12345", nil, nil),
        ("1392년~1897년", nil, nil),
        ("1897년~1910년", nil, nil),
        ("1897~1899", 19, 1890),
        ("19. Jahrhundert", 19, nil),
        ("１８５５年", 19, 1850),
    ]

    @Test(arguments: dates)
    func aDateIsReadAsItsCenturyAndDecadeOrNotAtAll(text: String, century: Int?, decade: Int?) {
        let reading = DateReading.read(text)
        #expect(reading?.century == century, "\(text)")
        #expect(reading?.decade == decade, "\(text)")
    }

    @Test func centuriesAndDecadesAreNamedInEachLanguage() {
        let english = UIStrings.shipped(.english).browse
        #expect(english.century(19) == "19th century")
        #expect(english.century(21) == "21st century")
        #expect(english.century(12) == "12th century")
        #expect(english.century(2) == "2nd century")
        #expect(english.decade(1850) == "1850s")
        let korean = UIStrings.shipped(.korean).browse
        #expect(korean.century(19) == "19세기")
        #expect(korean.decade(1850) == "1850년대")
        #expect(UIStrings.shipped(.init("fr")).browse.century(19) == "XIXe siècle")
        #expect(UIStrings.shipped(.init("es")).browse.century(14) == "siglo XIV")
        #expect(korean.exhibitCount(12345) == "출품작 12,345개")
        #expect(english.exhibitCount(1) == "1 exhibit")
    }

    @Test func spellingsOfOneValueShareTheirKey() {
        #expect(FacetKey.spelling("  Robert   Blake\n") == "Robert Blake")
        #expect(FacetKey.spelling("Robert Blake") == "Robert Blake")
        #expect(FacetKey.key(FacetKey.spelling(" Émile  Gallé ")) == FacetKey.key("emile galle"))
        #expect(FacetKey.key("종이") == FacetKey.key(" 종이".trimmingCharacters(in: .whitespaces)))
        // A voicing mark makes another Japanese word; an accent does not make another Latin one.
        #expect(FacetKey.key("が") != FacetKey.key("か"))
        #expect(FacetKey.key("PAPER") == "paper")
    }

    @Test func slugsAreSafeAndUnique() {
        let values = ["Robert Blake", "robert blake!", "백운화상 경한", "백운화상/경한", "الخطاط", "a/b", "a b", "..", "/", "???",
                      String(repeating: "Very long maker name ", count: 20) + "A",
                      String(repeating: "Very long maker name ", count: 20) + "B",
                      "page", "Ωμέγα", "東京", "a-b-806c5c"]
        let slugs = Slug.unique(values.map { value in
            let made = Slug.make(value)
            return (made.slug, made.cut, FacetKey.key(value))
        })
        #expect(Set(slugs).count == values.count, "every value has its own address: \(slugs)")
        for slug in slugs {
            #expect(!slug.isEmpty)
            let safe = slug.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
            #expect(safe, "\(slug)")
            #expect(slug.utf8.count <= Slug.maximumLength + 17)
            #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
        }
        #expect(Slug.make("Robert Blake (1762–1787)").slug == "robert-blake-1762-1787")
        let korean = Slug.make("백운화상").slug
        #expect(!korean.isEmpty && korean.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }, "Korean is written in Latin letters: \(korean)")
    }
}
