import ExpoCatalog
@testable import ExpoServer
import ExpoSite
import ExpoTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOHTTP1
import Testing

/// A museum's exhibitions on one server: each under its name, the front page at `/`, and
/// nothing of one answering for another.
@Suite struct MuseumServingTests {
    private static func site(_ catalog: Catalog, _ name: String) throws -> Site {
        try Site.render(catalog, options: SiteOptions(basePath: "/\(name)/"))
    }

    private static func site(_ museum: TemporaryMuseum, _ name: String) throws -> Site {
        try site(try CatalogLoader.load(at: museum.url.appendingPathComponent(name)), name)
    }

    private static func responder(_ exhibitions: [SiteResponder.Exhibition], description: MuseumDescription = MuseumDescription()) throws -> SiteResponder {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return try SiteResponder(museum: description, exhibitions: exhibitions, logger: logger)
    }

    private static func text(_ body: [UInt8]) -> String { String(decoding: body, as: UTF8.self) }

    @Test func eachExhibitionAnswersUnderItsNameAndTheFrontPageAtTheRoot() async throws {
        let museum = try TemporaryMuseum([("korea", "Korea", "1900. 04. 14 - 1900. 11. 12"), ("japan", "Japan", "")])
        let responder = try Self.responder([.init(name: "korea", site: try Self.site(museum, "korea")),
                                            .init(name: "japan", site: try Self.site(museum, "japan"))])
        try await LiveServer.with(responder: responder) { client, _ in
            try client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let page = Self.text(response.body)
                #expect(page.contains(#"href="/korea/""#) && page.contains(#"href="/japan/""#))
                #expect(response.headers[.vary]?.contains("Accept-Language") == true)
            }
            for (path, words) in [("/korea/", "Korea"), ("/korea/items/", "Korea book"), ("/japan/items/", "Japan book"),
                                  ("/japan/items/jikji/", "Japan jikji"), ("/korea/items/jikji/", "Korea jikji")] {
                try client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(Self.text(response.body).contains(words), "\(path)")
                }
            }
            // Without its final slash, the exhibition's folder moves to it, query and all.
            try client.execute(uri: "/korea?lang=ko", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/korea/?lang=ko")
            }
            // The front's own files, and its 404 for anything else.
            let front = Self.text(try client.execute(uri: "/", method: .get) { $0.body })
            let stylesheet = try #require(front.components(separatedBy: "href=\"").dropFirst()
                .compactMap { $0.split(separator: "\"").first }.first { $0.hasPrefix("/assets/style.") })
            try client.execute(uri: String(stylesheet), method: .get) { #expect($0.status == .ok) }
            for path in ["/nowhere/", "/items/", "/korean/"] {
                try client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path)")
                    #expect(Self.text(response.body).contains(">404</p>"))
                }
            }
            // The same exhibit id in two exhibitions: each answers its own.
            try client.execute(uri: "/japan/items/jikji/", method: .get) { #expect(!Self.text($0.body).contains("Korea")) }
        }
    }

    @Test func languageRedirectsStayInTheirExhibitionAndOnTheFront() async throws {
        let museum = try TemporaryMuseum([("korea", "Korea", "")])
        try museum.write("korea/exposition_universelle_1900.en.json", #"{"title": "Korea (en)", "visitors": 1, "location": "Seoul", "duration": "", "description": "About."}"#)
        try museum.write("korea/items.en.json", #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Book", "desc": "Printed."}, {"name": "Haegeum", "image_name": "haegeum", "short_desc": "Strings", "desc": "Bowed."}]"#)
        let responder = try Self.responder([.init(name: "korea", site: try Self.site(museum, "korea"))])
        try await LiveServer.with(responder: responder) { client, _ in
            try client.execute(uri: "/korea/", method: .get, headers: [.acceptLanguage: "en"]) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/korea/en/")
            }
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en"]) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/en/")
            }
            try client.execute(uri: "/en/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Self.text(response.body).contains(#"href="/korea/en/""#))
            }
            try client.execute(uri: "/korea/stop/1", method: .get) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location]?.hasPrefix("/korea/items/") == true)
            }
        }
    }

    @Test func anExhibitionThatCannotBeLoadedAnswers503WhileTheOthersServe() async throws {
        let museum = try TemporaryMuseum([("korea", "Korea", "")])
        let responder = try Self.responder([.init(name: "korea", site: try Self.site(museum, "korea")), .init(name: "broken", site: nil)])
        try await LiveServer.with(responder: responder) { client, _ in
            for path in ["/broken/", "/broken/items/x/", "/broken/sw.js"] {
                try client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .serviceUnavailable, "\(path)")
                    #expect(Self.text(response.body).contains(UIStrings.shipped(.korean).front.unavailableMessage))
                }
            }
            try client.execute(uri: "/korea/items/", method: .get) { #expect($0.status == .ok) }
            try client.execute(uri: "/", method: .get) { response in
                #expect(Self.text(response.body).contains(#"data-exhibition="broken""#))
            }
        }
    }

    @Test func replacingOneExhibitionLeavesTheOthersAndRemakesTheFront() async throws {
        let museum = try TemporaryMuseum([("korea", "Korea", ""), ("japan", "Japan", "")])
        let japan = try Self.site(museum, "japan")
        let responder = try Self.responder([.init(name: "korea", site: try Self.site(museum, "korea")), .init(name: "japan", site: japan)])
        try await LiveServer.with(responder: responder) { client, _ in
            let japanTag = try client.execute(uri: "/japan/items/", method: .get) { try #require($0.headers[.eTag]) }
            try museum.add("korea", title: "Corée", duration: "")
            try responder.replace(exhibition: "korea", with: try Self.site(museum, "korea"))
            try client.execute(uri: "/korea/items/", method: .get) { #expect(Self.text($0.body).contains("Corée book")) }
            try client.execute(uri: "/", method: .get) { #expect(Self.text($0.body).contains("<bdi>Corée</bdi>")) }
            // The other exhibition's pages are the very same.
            try client.execute(uri: "/japan/items/", method: .get, headers: [.ifNoneMatch: japanTag]) { #expect($0.status == .notModified) }
            #expect(responder.site(of: "japan")?.version == japan.version)
            // Added, then removed.
            try museum.add("china", title: "China", duration: "")
            try responder.replace(exhibition: "china", with: try Self.site(museum, "china"))
            try client.execute(uri: "/china/items/", method: .get) { #expect($0.status == .ok) }
            try responder.remove(exhibition: "china")
            try client.execute(uri: "/china/items/", method: .get) { #expect($0.status == .notFound) }
            try client.execute(uri: "/", method: .get) { #expect(!Self.text($0.body).contains(#"data-exhibition="china""#)) }
        }
    }

    @Test func pagesMadeOnRequestAreKeptApartInTheSharedCache() async throws {
        // Two large exhibitions with the same exhibit ids: their pages are made when asked for.
        let first = try TemporaryCatalog.generated(count: Site.madeWholeLimit + 10)
        let second = try TemporaryCatalog.generated(count: Site.madeWholeLimit + 10)
        var catalog = try second.load()
        catalog.primary.exhibits[0].name = "The other one"
        let responder = try Self.responder([.init(name: "a", site: try Self.site(try first.load(), "a")),
                                            .init(name: "b", site: try Self.site(catalog, "b"))])
        let id = catalog.primary.exhibits[0].id
        try await LiveServer.with(responder: responder) { client, _ in
            let a = try client.execute(uri: "/a/items/\(id)/", method: .get) { Self.text($0.body) }
            let b = try client.execute(uri: "/b/items/\(id)/", method: .get) { Self.text($0.body) }
            #expect(!a.contains("The other one"))
            #expect(b.contains("The other one"))
            // Asked again, each from the cache, each still its own.
            #expect(try client.execute(uri: "/a/items/\(id)/", method: .get) { Self.text($0.body) } == a)
            #expect(try client.execute(uri: "/b/items/\(id)/", method: .get) { Self.text($0.body) } == b)
        }
    }

    @Test func eachExhibitionsPreviewEventsAreItsOwn() async throws {
        let museum = try TemporaryMuseum([("korea", "Korea", ""), ("japan", "Japan", "")])
        let korea = PreviewEvents(generation: 1)
        let responder = try Self.responder([.init(name: "korea", site: try Self.site(museum, "korea"), events: korea),
                                            .init(name: "japan", site: try Self.site(museum, "japan"), events: PreviewEvents(generation: 1))])
        let head = { (path: String) in HTTPRequestHead(version: .http1_1, method: .GET, uri: path) }
        #expect(responder.previewStream(head("/korea" + PreviewEvents.path)) === korea)
        #expect(responder.previewStream(head("/japan" + PreviewEvents.path)) !== korea)
        #expect(responder.previewStream(head(PreviewEvents.path)) == nil)
        #expect(responder.previewStream(head("/nowhere" + PreviewEvents.path)) == nil)
    }
}
