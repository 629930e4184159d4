import ExpoImages
import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// What each screen shows, already formatted, in both languages.
@Suite struct ScreenModelTests {
    static let englishFiles = [
        "exposition_universelle_1900.en.json": """
            {"title": "Paris Exposition 1900(L'Exposition de Paris 1900)", "visitors": 48130300,
             "location": "Paris, France", "duration": "14 April – 12 November 1900", "description": "One.\\n\\nTwo."}
            """,
        "items.en.json": """
            [{"name": "Jikji", "image_name": "jikji", "short_desc": "Metal type", "desc": "Printed in 1377.\\n\\nIn Paris."}]
            """,
    ]

    private func context(_ folder: TemporaryCatalog) throws -> (Catalog, Routes, SiteAssets) {
        let catalog = try folder.load()
        let routes = Routes(primary: .korean, basePath: "/")
        let assets = SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                resources: try SiteResources.bundled(), routes: routes)
        return (catalog, routes, assets)
    }

    @Test func formatsTheVisitorCountPerLanguage() throws {
        let (catalog, routes, assets) = try context(.seed(extra: Self.englishFiles))
        let korean = ExpositionScreen(edition: catalog.edition(.korean), catalog: catalog, routes: routes, assets: assets)
        let english = ExpositionScreen(edition: catalog.edition(.english), catalog: catalog, routes: routes, assets: assets)
        #expect(korean.facts.map { "\($0.label) \($0.value)" } ==
            ["방문객 : 48,130,300 명", "개최지 : 프랑스 파리", "개최 기간 : 1900. 04. 14 - 1900. 11. 12"])
        #expect(english.facts.map { "\($0.label) \($0.value)" } ==
            ["Visitors: 48,130,300", "Location: Paris, France", "Dates: 14 April – 12 November 1900"])
        #expect(korean.titleLines == ["파리 만국박람회 1900", "(L'Exposition de Paris 1900)"])
        #expect(english.titleLines == ["Paris Exposition 1900", "(L'Exposition de Paris 1900)"])
        #expect(korean.buttonLabel == "한국의 출품작 보러가기")
        #expect(english.buttonLabel == "See Korea's exhibits")
        #expect(english.buttonHref == "/en/items/")
        #expect(korean.paragraphs == ["첫 문단.", "둘째 문단."])
    }

    @Test func backButtonsAreTitledLikeThePreviousScreen() throws {
        let (catalog, routes, assets) = try context(.seed(extra: Self.englishFiles))
        for (language, main, list) in [(Language.korean, "메인", "한국의 출품작"), (.english, "Main", "Korea's Exhibits")] {
            let edition = catalog.edition(language)
            let listScreen = ExhibitListScreen(edition: edition, catalog: catalog, routes: routes, assets: assets)
            #expect(listScreen.navigationBar.title == list)
            #expect(listScreen.navigationBar.backLabel == main)
            #expect(listScreen.navigationBar.backHref == routes.home(language))
            let exhibitScreen = ExhibitScreen(exhibit: edition.exhibits[0], edition: edition, catalog: catalog, routes: routes, assets: assets)
            #expect(exhibitScreen.navigationBar.title == edition.exhibits[0].name)
            #expect(exhibitScreen.navigationBar.backLabel == list)
            #expect(exhibitScreen.navigationBar.backHref == routes.exhibitList(language))
        }
    }

    @Test func anUntranslatedExhibitShowsTheKoreanText() throws {
        let (catalog, routes, assets) = try context(.seed(extra: Self.englishFiles))
        let list = ExhibitListScreen(edition: catalog.edition(.english), catalog: catalog, routes: routes, assets: assets)
        #expect(list.rows.map(\.name) == ["Jikji", "해금"])
        #expect(list.rows.map(\.href) == ["/en/items/jikji/", "/en/items/haegeum/"])
    }

    @Test func listThumbnailsAreDecorativeAndTheDetailImageIsNamed() throws {
        let (catalog, routes, assets) = try context(.seed())
        let edition = catalog.primary
        let list = ExhibitListScreen(edition: edition, catalog: catalog, routes: routes, assets: assets)
        #expect(list.rows[0].thumbnail.alt == "")
        #expect(list.rows[0].thumbnail.decorative)
        let detail = ExhibitScreen(exhibit: edition.exhibits[0], edition: edition, catalog: catalog, routes: routes, assets: assets)
        #expect(detail.figure.image.alt == "직지심체요절")
        #expect(detail.figure.image.src.hasPrefix("/images/jikji."))
        #expect(detail.figure.image.size?.width == 10)
    }

    @Test func aMissingImageBecomesAPlaceholderWithTheName() throws {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        let (catalog, routes, assets) = try context(folder)
        let detail = ExhibitScreen(exhibit: catalog.primary.exhibits[0], edition: catalog.primary, catalog: catalog, routes: routes, assets: assets)
        #expect(detail.figure.image.isPlaceholder)
        #expect(detail.figure.image.placeholderText == "직지심체요절")
        #expect(detail.figure.image.alt == "직지심체요절")
    }

    /// A film brought from IIIF may have no picture: its video's poster shows it, so the
    /// page leaves out the grey placeholder, and its text takes the whole width.
    @Test func anExhibitWithAVideoAndNoPictureShowsNoPlaceholder() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: #""image_name":"jikji","#, with: #""image_name":"jikji", "video": "talk.mp4","#)
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        try folder.write("talk.mp4", Data([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]))
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits[0].versions.video?.file == "talk.mp4")
        let routes = Routes(primary: .korean, basePath: "/")
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.videos = ["talk.mp4": VideoRendition(file: try .holding([1, 2, 3]), poster: [4], duration: 30, width: 960, height: 540)]
        let assets = SiteAssets(catalog: catalog, renditions: renditions, resources: try SiteResources.bundled(), routes: routes)
        let film = ExhibitScreen(exhibit: catalog.primary.exhibits[0], edition: catalog.primary, catalog: catalog, routes: routes, assets: assets)
        #expect(film.figure.image.isPlaceholder && film.video != nil)
        #expect(!film.showsFigure)
        let html = String(decoding: try SiteResources.bundled().render(film, with: "exhibit"), as: UTF8.self)
        #expect(!html.contains("exhibit-figure") && !html.contains("class=\"placeholder"), "no grey box above the video")
        #expect(html.contains("class=\"exhibit without-figure\"") && html.contains("<video"))
        // Without the video the placeholder stays: it is all the page has to show.
        let silent = ExhibitScreen(exhibit: catalog.primary.exhibits[0], edition: catalog.primary, catalog: catalog, routes: routes,
                                   assets: SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                                      resources: try SiteResources.bundled(), routes: routes))
        #expect(silent.showsFigure)
    }

    @Test func aPhotoBecomesWidthsInModernFormats() throws {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        try folder.write("jikji.png", PNGFixture.make(width: 500, height: 375))
        try folder.write("jikji@2x.png", PNGFixture.make(width: 1000, height: 750))
        let (catalog, routes, assets) = try context(folder)
        let detail = ExhibitScreen(exhibit: catalog.primary.exhibits[0], edition: catalog.primary, catalog: catalog, routes: routes, assets: assets)
        // Made from the sharpest original (the 2x file), at the standard widths below it
        // and its own; width descriptors and the slot's size let the browser take the
        // smallest file that is sharp enough, in the first format it can show.
        func widths(_ srcset: String, _ ext: String) -> [String] {
            srcset.split(separator: ", ").map { entry in
                let parts = entry.split(separator: " ")
                #expect(parts[0].wholeMatch(of: /\/images\/jikji-\d+\.[0-9a-f]{10}\.[a-z]+/) != nil, "\(entry)")
                #expect(parts[0].hasSuffix(".\(ext)"), "\(entry)")
                return String(parts[1])
            }
        }
        #expect(detail.figure.image.sources.map(\.type) == ["image/avif", "image/webp"])
        #expect(widths(detail.figure.image.sources[0].srcset, "avif") == ["320w", "480w", "800w", "1000w"])
        #expect(widths(detail.figure.image.sources[1].srcset, "webp") == ["320w", "480w", "800w", "1000w"])
        #expect(widths(try #require(detail.figure.image.srcset), "jpg") == ["320w", "480w", "800w", "1000w"])
        #expect(detail.figure.image.sizes == "(min-width: 36em) 24rem, 100vw")
        #expect(detail.figure.image.size?.width == 500)
        #expect(detail.figure.image.size?.height == 375)
        #expect(detail.figure.image.priority)
        #expect(detail.figure.image.cssClass.hasPrefix("exhibit-image tone-808080"), "\(detail.figure.image.cssClass)")
        let list = ExhibitListScreen(edition: catalog.primary, catalog: catalog, routes: routes, assets: assets)
        #expect(list.rows[0].thumbnail.sizes == "(min-width: 30em) 6rem, 20vw")
        #expect(!list.rows[0].thumbnail.priority)
    }

    @Test func filesThatAreNotImagesGetAPlaceholder() throws {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        try folder.write("jikji.png", "not really a png")
        try folder.write("jikji@2x.png", "nor this")
        let (catalog, routes, assets) = try context(folder)
        let detail = ExhibitScreen(exhibit: catalog.primary.exhibits[0], edition: catalog.primary, catalog: catalog, routes: routes, assets: assets)
        #expect(detail.figure.image.isPlaceholder)
        #expect(detail.figure.image.srcset == nil)
        #expect(detail.figure.image.size == nil)
    }

    @Test func groupsThousandsWithCommas() {
        #expect(NumberFormat.grouped(48_130_300) == "48,130,300")
        #expect(NumberFormat.grouped(0) == "0")
        #expect(NumberFormat.grouped(999) == "999")
        #expect(NumberFormat.grouped(1000) == "1,000")
        #expect(NumberFormat.grouped(-1234567) == "-1,234,567")
    }

    /// A count of one takes its own sentence ("1 stop has one", not "1 stops have one"), and
    /// Arabic, whose plural changes with the number (two, three to ten, eleven and more),
    /// names the count as a figure after the noun rather than inflecting the noun wrongly.
    @Test func countsReadRightForOneAndInArabic() throws {
        let (_, _, assets) = try context(.seed())
        let english = assets.strings(.english), arabic = assets.strings(Language("ar"))
        #expect(english.audio.saveAllNote(count: 1) == "Recordings are not downloaded until you ask: 1 stop has one in this language.")
        #expect(english.audio.saveAllNote(count: 3) == "Recordings are not downloaded until you ask: 3 stops have one in this language.")
        #expect(english.tours.stops(1) == "1 stop" && english.tours.stops(12) == "12 stops")
        #expect(arabic.tours.stops(1) == "محطة واحدة" && arabic.tours.stops(2) == "عدد المحطات: 2" && arabic.tours.stops(11) == "عدد المحطات: 11")
        #expect(arabic.audio.saveAllNote(count: 1).hasSuffix("محطة واحدة لها تسجيل بهذه اللغة."))
        #expect(arabic.audio.saveAllNote(count: 11).hasSuffix("عدد المحطات التي لها تسجيل بهذه اللغة: 11."))
    }
}
