import ExpoImages
import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// Each model declares the names templates may use, once, with how to read each; the
/// declarations must agree with what reflection finds: every stored property declared
/// under its own name, read from that property, and of the kind templates are checked
/// against.
@Suite struct TemplateFieldTests {
    /// What a template should see of a stored property, by the rules of `TemplateConvertible`.
    private func expected(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { expected($0.value) } ?? "missing"
        }
        switch value {
        case let html as HTML: return "html:\(html.markup)"
        case let text as String: return "text:\(text)"
        case let number as Int: return "text:\(number)"
        case let flag as Bool: return "flag:\(flag)"
        default:
            if mirror.displayStyle == .collection { return "list:[" + mirror.children.map { expected($0.value) }.joined(separator: ",") + "]" }
            return "object:\(String(describing: value))"
        }
    }

    private func answered(_ value: TemplateValue) -> String {
        switch value {
        case let .text(text): "text:\(text)"
        case let .html(markup): "html:\(markup)"
        case let .flag(flag): "flag:\(flag)"
        case let .object(object): "object:\(String(describing: object))"
        case let .list(items): "list:[" + items.map(answered).joined(separator: ",") + "]"
        case .missing: "missing"
        }
    }

    /// Whether a value is of the kind a model lists it as (a missing optional fits any kind).
    private func fits(_ value: TemplateValue, _ kind: TemplateKind) -> Bool {
        switch (value, kind) {
        case (.missing, _), (.text, .text), (.html, .html), (.flag, .flag), (.object, .object): true
        case let (.list(items), .list(element)): items.allSatisfy { fits($0, element) }
        default: false
        }
    }

    /// What the walk found: each problem, and per model type what each field held in each
    /// instance met, with the field's kind.
    private struct Walk {
        var problems: [String] = []
        var held: [String: [[String: String]]] = [:]
        var kinds: [String: [String: TemplateKind]] = [:]
    }

    /// Walks a model and everything inside it, checking each TemplateObject it meets.
    private func check(_ value: Any, path: String, _ walk: inout Walk) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle != .optional, let object = value as? any TemplateObject {
            var holds: [String: String] = [:]
            for child in mirror.children {
                guard let label = child.label else { continue }
                holds[label] = expected(child.value)
                let answer = answered(object.value(for: label))
                if answer != holds[label] { walk.problems.append("\(path).\(label): answers \(answer), holds \(holds[label] ?? "")") }
            }
            if case .missing = object.value(for: "noSuchName") {} else { walk.problems.append("\(path): answers for a name it lacks") }
            // The names templates are checked against are exactly the properties, each of its kind.
            guard case let .object(fields) = type(of: object).templateKind else {
                walk.problems.append("\(path): a model whose kind is not a model")
                return
            }
            if Set(fields.keys) != Set(holds.keys) {
                walk.problems.append("\(path): template fields \(fields.keys.sorted()) ≠ properties \(holds.keys.sorted())")
            }
            for (name, kind) in fields where !fits(object.value(for: name), kind) {
                walk.problems.append("\(path).\(name): listed as \(kind.noun), answers \(answered(object.value(for: name)).prefix(40))")
            }
            walk.held["\(type(of: object))", default: []].append(holds)
            walk.kinds["\(type(of: object))"] = fields
        }
        for child in mirror.children {
            check(child.value, path: path + "." + (child.label ?? "[]"), &walk)
        }
    }

    /// Two fields of one kind that held the same in every instance met: had one been
    /// declared reading the other's property, the walk could not have told.
    private func indistinct(_ walk: Walk) -> [String] {
        walk.held.keys.sorted().flatMap { type in
            let fields = walk.kinds[type] ?? [:]
            let names = fields.keys.sorted()
            return names.enumerated().flatMap { index, first in
                names.dropFirst(index + 1).filter { second in
                    fields[first] == fields[second] && walk.held[type, default: []].allSatisfy { $0[first] == $0[second] }
                }.map { "\(type): \(first) and \($0)" }
            }
        }
    }

    /// A catalog whose models hold something different in each field: three exhibits (the
    /// first has a fact, the middle one two photos, captions, credits, descriptions and
    /// facts, the last no image) in Korean and, partly translated, English.
    static let richFiles = [
        "items.json": """
            [{"name": "직지", "image_name": "jikji", "short_desc": "책", "desc": "첫 문단.", "date": "1377",
              "audio": "n.wav", "transcript": "Said."},
             {"name": "해금", "image_name": "haegeum", "short_desc": "악기", "desc": "*활*로 켜는 악기.\\n\\n둘째.",
              "images": [{"name": "haegeum", "alt": "해금 사진", "caption": "해금 한 대", "credit": "사진: 박물관",
                          "visual_description": "긴 목에 두 줄."},
                         {"name": "haegeum-bow", "alt": "활", "caption": "활과 해금", "credit": "그림: 박물관",
                          "visual_description": "말총 활."}],
              "date": "1900", "maker": "장인", "material": "나무", "dimensions": "70 cm", "place": "서울",
              "credit_line": "기증", "rights": "https://creativecommons.org/publicdomain/mark/1.0/",
              "fields": [{"label": "줄", "value": "둘"}]},
             {"name": "가야금", "image_name": "gayageum", "short_desc": "열두 줄", "desc": "뜯는 악기.",
              "video": "g.mp4", "video_captions": "g.vtt", "sign_video": "s.mp4", "audio_description": "d.wav",
              "audio_description_transcript": "Looks.", "easy_read": "쉬운 글.\\n둘째 줄."}]
            """,
        "n.wav": "a recording, never read: its rendition is given", "d.wav": "another", "g.mp4": "a video", "s.mp4": "a signed one",
        "g.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n",
        "exposition_universelle_1900.en.json": """
            {"title": "Paris 1900", "visitors": 48130300, "location": "Paris", "duration": "1900"}
            """,
        "items.en.json": """
            [{"name": "Jikji", "image_name": "jikji", "short_desc": "A book", "desc": "Printed."},
             {"name": "Haegeum", "image_name": "haegeum", "desc": "Played with a bow.",
              "images": [{"name": "haegeum", "alt": "A haegeum", "caption": "One haegeum", "credit": "Photo: the museum"},
                         {"name": "haegeum-bow", "credit": "Drawing: the museum"}],
              "maker": "A maker", "fields": [{"label": "Strings", "value": "Two"}]},
             {"name": "Gayageum", "image_name": "gayageum", "short_desc": "Twelve strings", "desc": "Plucked."}]
            """,
    ]

    @Test func everyModelAnswersForEachOfItsProperties() throws {
        let folder = try TemporaryCatalog.seed(extra: Self.richFiles)
        for name in ["haegeum", "haegeum-bow"] {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("\(name).svg"), ifPresent: true)
            try folder.write("\(name).png", PNGFixture.make(width: 40, height: 30))
            try folder.write("\(name)@2x.png", PNGFixture.make(width: 80, height: 60))
        }
        let catalog = try folder.load()
        let routes = Routes(primary: .korean, basePath: "/")
        // Recordings and videos as the audio and video work would give them.
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.recordings = ["n.wav": AudioRendition(file: try .holding([1, 2, 3]), duration: 65),
                                 "d.wav": AudioRendition(file: try .holding([4, 5]), duration: 42.5)]
        renditions.videos = ["g.mp4": VideoRendition(file: try .holding([6, 7, 8]), poster: [9], duration: 30, width: 960, height: 540),
                             "s.mp4": VideoRendition(file: try .holding([10]), poster: [11, 12], duration: 75, width: 540, height: 960)]
        let assets = SiteAssets(catalog: catalog, renditions: renditions, resources: try SiteResources.bundled(), routes: routes)
        // Screen 1's links to the tours and to the map come and go apart: a catalog with tours
        // and no floors, and one with floors and no tours.
        let withTours = try TemporaryCatalog.seed(extra: Self.richFiles.merging([
            "tours.json": #"[{"id": "strings", "title": "현악기", "stops": ["haegeum", "gayageum"]}]"#,
            "tours.en.json": #"[{"id": "strings", "title": "Strings"}]"#,
        ]) { $1 })
        let toured = try withTours.load()
        let withFloors = try TemporaryCatalog.seed(extra: Self.richFiles.merging([
            "floors.json": #"[{"id": "1", "name": "1층", "plan": "jikji", "plan_alt": "한 층"}]"#,
            "floors.en.json": #"[{"id": "1", "name": "Ground floor", "plan_alt": "One floor"}]"#,
        ]) { $1 })
        let mapped = try withFloors.load()
        let mappedAssets = SiteAssets(catalog: mapped, renditions: ImageWork.renditions(for: mapped, cache: nil),
                                      resources: try SiteResources.bundled(), routes: routes)
        #expect(!toured.primary.tours.isEmpty && toured.primary.floors.isEmpty)
        #expect(mapped.primary.tours.isEmpty && !mapped.primary.floors.isEmpty)
        var screens: [Any] = [ExpositionScreen(edition: toured.primary, catalog: toured, routes: routes, assets: SiteAssets(
            catalog: toured, renditions: ImageWork.renditions(for: toured, cache: nil), resources: try SiteResources.bundled(), routes: routes))]
        for language in [Language.korean, .english] {
            let edition = catalog.edition(language)
            let exhibits = edition.exhibits
            screens += [
                ExpositionScreen(edition: edition, catalog: catalog, routes: routes, assets: assets),
                ExpositionScreen(edition: mapped.edition(language), catalog: mapped, routes: routes, assets: mappedAssets),
                ExhibitListScreen(edition: edition, exhibits: exhibits[...], page: 2, pageCount: 3,
                                  catalog: catalog, routes: routes, assets: assets),
                ExhibitListScreen(edition: edition, exhibits: exhibits[...], page: 1, pageCount: 2,
                                  catalog: catalog, routes: routes, assets: assets),
                ExhibitListScreen(edition: edition, exhibits: exhibits.prefix(2), answer: .init(query: "gaya", count: 5), served: true,
                                  catalog: catalog, routes: routes, assets: assets),
                ExhibitListScreen(edition: edition, exhibits: [], answer: .init(query: "", count: 0), served: true,
                                  catalog: catalog, routes: routes, assets: assets),
                ExhibitScreen(exhibit: exhibits[1], edition: edition, previous: ExhibitHeading(exhibits[0]), next: ExhibitHeading(exhibits[2]),
                              catalog: catalog, routes: routes, assets: assets),
                ExhibitScreen(exhibit: exhibits[0], edition: edition, next: ExhibitHeading(exhibits[1]), neighbouringStops: (nil, 1),
                              catalog: catalog, routes: routes, assets: assets),
                ExhibitScreen(exhibit: exhibits[2], edition: edition, previous: ExhibitHeading(exhibits[1]), neighbouringStops: (0, nil),
                              catalog: catalog, routes: routes, assets: assets),
                NotFoundScreen(language: language, catalog: catalog, routes: routes, assets: assets),
            ]
        }
        // A guide that counts: each exhibit names what usage.js counts for, and a tour's stop its stop.
        let countingAssets = SiteAssets(catalog: toured, renditions: ImageWork.renditions(for: toured, cache: nil),
                                        resources: try SiteResources.bundled(), routes: routes, counting: .served)
        let tourEdition = toured.primary
        let tour = try #require(TourNavigation(tour: tourEdition.tours[0], number: 2, edition: tourEdition,
                                               exhibitAt: { id in tourEdition.exhibits.first { $0.id == id } }, primary: .korean,
                                               routes: routes, strings: countingAssets.strings(.korean)))
        screens += [
            ExhibitScreen(exhibit: tourEdition.exhibits[0], edition: tourEdition, catalog: toured, routes: routes, assets: countingAssets),
            ExhibitScreen(exhibit: tourEdition.exhibits[2], edition: tourEdition, tour: tour, catalog: toured, routes: routes, assets: countingAssets),
        ]
        // The curators' pages, with codes (a public address) and without.
        let published = Routes(primary: .korean, basePath: "/guide/", origin: "https://guide.example.org")
        for routes in [routes, published] {
            screens += [
                LabelSheet(catalog: catalog, paper: .a4, page: 1, pageCount: 2, routes: routes, assets: assets),
                LabelSheet(catalog: catalog, paper: .letter, page: 2, pageCount: 2, routes: routes, assets: assets),
                LabelSheet(catalog: catalog, paper: .a4, page: 1, pageCount: 1, version: .sign, routes: routes, assets: assets),
                PosterScreen(catalog: catalog, title: nil, routes: routes, assets: assets),
            ]
        }
        var walk = Walk()
        for screen in screens { check(screen, path: "\(type(of: screen))", &walk) }
        #expect(walk.problems.isEmpty, "\(walk.problems.joined(separator: "\n"))")
        #expect(indistinct(walk).isEmpty, "\(indistinct(walk).joined(separator: "\n"))")
    }
}

private extension FileManager {
    func removeItem(at url: URL, ifPresent: Bool) throws {
        if fileExists(atPath: url.path) { try removeItem(at: url) }
    }
}
