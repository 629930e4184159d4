import ExpoCatalog
@testable import ExpoSite
import ExpoTestSupport
import Foundation
import Testing

/// The museum's front page: its exhibitions by period, in the museum's order, in each language.
@Suite struct FrontSiteTests {
    private static func site(_ museum: TemporaryMuseum, _ name: String) throws -> Site {
        let catalog = try CatalogLoader.load(at: museum.url.appendingPathComponent(name))
        return try Site.render(catalog, options: SiteOptions(basePath: "/\(name)/"))
    }

    private static func day(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = .current
        return formatter.date(from: text + " 12:00")!
    }

    private static func text(_ page: Page?) -> String { String(decoding: page?.body ?? [], as: UTF8.self) }

    /// The exhibitions' names in the order a section lists them, by section id.
    private static func sections(_ html: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for part in html.components(separatedBy: "<section class=\"front-section\"").dropFirst() {
            let id = values(of: "id", in: part).first { $0.hasPrefix("front-") } ?? ""
            found[id] = values(of: "data-exhibition", in: part)
        }
        return found
    }

    /// The values of every attribute `name` in `html`, in order (no regular expressions:
    /// their literals are built lazily, and tests build them on many threads at once).
    private static func values(of name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    @Test func listsCurrentThenUpcomingThenPastByTheirDates() throws {
        let museum = try TemporaryMuseum([
            ("permanent", "Permanent", "always"),
            ("now-a", "Now A", "2026. 01. 01 - 2027. 01. 01"),
            ("now-b", "Now B", "2026. 06. 01 - 2026. 12. 31"),
            ("soon-far", "Soon far", "2027. 06. 01 - 2027. 09. 01"),
            ("soon", "Soon", "2027. 02. 01 - 2027. 03. 01"),
            ("over", "Over", "1900. 04. 14 - 1900. 11. 12"),
            ("over-late", "Over late", "2025. 01. 01 - 2025. 12. 31"),
        ])
        let names = ["permanent", "now-a", "now-b", "soon-far", "soon", "over", "over-late"]
        let front = try FrontSite.render(MuseumDescription(), exhibitions: try names.map { FrontSite.Exhibition(name: $0, site: try Self.site(museum, $0)) },
                                         today: Self.day("2026-11-29"))
        let home = Self.text(front.pages["/"])
        // Newest first among current and past; soonest first among upcoming; undated (a
        // permanent collection) after the dated current ones.
        #expect(Self.sections(home) == ["front-current": ["now-b", "now-a", "permanent"], "front-upcoming": ["soon", "soon-far"],
                                        "front-past": ["over-late", "over"]])
        #expect(home.contains(#"<a class="row" href="/now-a/">"#))
        #expect(home.contains("<bdi>Now A</bdi>"))
        // Dates in the page's language; other durations as the catalog writes them.
        #expect(home.contains(">always</p>"))
        #expect(!home.contains("front-unavailable"))
        // Each poster is the exhibition's own, under its path.
        #expect(home.contains(#"<img class="thumbnail" src="/soon/images/poster."#))
        // Moving the day moves them.
        let later = try FrontSite.render(MuseumDescription(), exhibitions: try names.map { FrontSite.Exhibition(name: $0, site: try Self.site(museum, $0)) },
                                         today: Self.day("2027-02-15"))
        #expect(Self.sections(Self.text(later.pages["/"]))["front-current"] == ["soon", "permanent"])
    }

    @Test func theMuseumsOrderComesFirstAndItsNameAndWordsLeadThePage() throws {
        let museum = try TemporaryMuseum([("a", "A", ""), ("b", "B", ""), ("c", "C", "")])
        let description = MuseumDescription(language: .korean, name: [.korean: "박물관", .english: "The Museum"],
                                            text: [.korean: "첫 문단.\n\n둘째 문단."], order: ["c", "a"])
        let front = try FrontSite.render(description, exhibitions: try ["a", "b", "c"].map { FrontSite.Exhibition(name: $0, site: try Self.site(museum, $0)) })
        let home = Self.text(front.pages["/"])
        #expect(Self.sections(home)["front-current"] == ["c", "a", "b"])
        #expect(home.contains("<title>박물관</title>"))
        #expect(home.contains(#"<h1 class="exposition-title">박물관</h1>"#))
        #expect(home.contains("<p>첫 문단.</p>\n<p>둘째 문단.</p>"))
        // The English page has the museum's English name, and its words borrowed from Korean, marked so.
        let english = Self.text(front.pages["/en/"])
        #expect(english.contains("<title>The Museum</title>"))
        #expect(english.contains(#"<div class="prose front-text" lang="ko" dir="auto">"#))
        #expect(english.contains(#"<html lang="en""#))
        #expect(front.languages == [.korean, .english])
        // The exhibitions are Korean only: their titles on the English page say so.
        #expect(english.contains(#"<h3 class="row-title" lang="ko" dir="auto"><bdi>A</bdi></h3>"#))
        #expect(english.contains(#"href="/a/""#))
    }

    @Test func anExhibitionThatCannotBeLoadedIsNamedApartAndAnswersItsOwnPage() throws {
        let museum = try TemporaryMuseum([("a", "A", "")])
        let front = try FrontSite.render(MuseumDescription(), exhibitions: [FrontSite.Exhibition(name: "a", site: try Self.site(museum, "a")),
                                                                            FrontSite.Exhibition(name: "broken", site: nil)])
        let home = Self.text(front.pages["/"])
        #expect(Self.sections(home) == ["front-current": ["a"], "front-unavailable": ["broken"]])
        let strings = UIStrings.shipped(.korean)
        #expect(home.contains(strings.front.unavailableMessage))
        let closed = String(decoding: front.unavailablePage(.korean).body, as: UTF8.self)
        #expect(closed.contains(">503</p>"))
        #expect(closed.contains(strings.front.unavailableMessage))
        #expect(closed.contains("<title>\(strings.front.unavailable)</title>"))
        let missing = String(decoding: front.notFoundPage(.korean).body, as: UTF8.self)
        #expect(missing.contains(">404</p>"))
        #expect(missing.contains(strings.front.back))
    }

    @Test func everyShippedLanguageHasTheFrontPagesWords() {
        for language in InterfaceText.bundled.keys {
            let strings = UIStrings.shipped(language)
            for word in [strings.front.title, strings.front.current, strings.front.upcoming, strings.front.past,
                         strings.front.unavailable, strings.front.unavailableMessage, strings.front.back,
                         (InterfaceText.shipped(for: language) ?? InterfaceText.english)["front_none"]] {
                #expect(!word.isEmpty, "\(language)")
            }
            if language != .english { #expect(strings.front.current != UIStrings.shipped(.english).front.current, "\(language)") }
        }
    }

    @Test func aFolderWithNoExhibitionSaysSo() throws {
        // With no exhibition and no museum.json, the page is in English.
        let front = try FrontSite.render(MuseumDescription(), exhibitions: [])
        let home = Self.text(front.pages["/"])
        #expect(home.contains("<p class=\"front-none\">\(InterfaceText.english["front_none"])</p>"))
        #expect(Self.sections(home).isEmpty)
        let withOne = try FrontSite.render(MuseumDescription(), exhibitions: [FrontSite.Exhibition(name: "broken", site: nil)])
        #expect(!Self.text(withOne.pages["/"]).contains("front-none"), "one that cannot be loaded is still one")
    }

    @Test func theFrontRegistersNoServiceWorker() throws {
        let museum = try TemporaryMuseum([("a", "A", "")])
        let front = try FrontSite.render(MuseumDescription(), exhibitions: [FrontSite.Exhibition(name: "a", site: try Self.site(museum, "a"))])
        let home = Self.text(front.pages["/"])
        #expect(!home.contains("data-service-worker"))
        #expect(front.pages["/sw.js"] == nil)
        #expect(front.pages.keys.contains { $0.hasPrefix("/assets/style.") })
    }
}
