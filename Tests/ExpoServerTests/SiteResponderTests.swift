import ExpoCatalog
@testable import ExpoServer
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Testing

/// Every kind of request the server answers, over a real connection to it.
@Suite struct SiteResponderTests {
    static let englishFiles = [
        "exposition_universelle_1900.en.json": #"{"title": "Paris 1900(L'Exposition)", "visitors": 1, "location": "Paris", "duration": "1900", "description": "One."}"#,
        "items.en.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Type", "desc": "Printed."}]"#,
    ]

    private func withServer(_ files: [String: String] = englishFiles,
                            _ test: @escaping @Sendable (LiveServer, Site) async throws -> Void) async throws {
        let folder = try TemporaryCatalog.seed(extra: files)
        let site = try Site.render(folder.load())
        try await LiveServer.with(site) { client in try await test(client, site) }
    }

    private static func text(_ body: [UInt8]) -> String { String(decoding: body, as: UTF8.self) }

    @Test func servesEachScreenAsHTMLThatMustBeRevalidated() async throws {
        try await withServer { client, _ in
            for path in ["/", "/items/", "/items", "/items/jikji/", "/items/jikji", "/en/", "/en/items/jikji"] {
                try client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.headers[.cacheControl] == "no-cache")
                    #expect(response.headers[.eTag] != nil)
                }
            }
        }
    }

    @Test func putsSecurityHeadersOnEveryResponse() async throws {
        try await withServer { client, _ in
            // The POST last: its 405 ends the connection.
            for (path, method) in [("/", HTTPRequest.Method.get), ("/nothing", .get), ("/items/", .head), ("/", .post)] {
                try client.execute(uri: path, method: method) { response in
                    let csp = try #require(response.headers[.contentSecurityPolicy], "\(method) \(path)")
                    #expect(csp.contains("default-src 'self'"))
                    #expect(!csp.contains("unsafe-inline"))
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] != nil)
                    #expect(response.headers[HTTPField.Name("Permissions-Policy")!] != nil)
                    // The same set the export's `_headers` and the nginx example in docs/export-and-deployment.md give.
                    for header in SecurityPolicy.headers {
                        #expect(response.headers[HTTPField.Name(header.name)!] == header.value, "\(method) \(path)")
                    }
                }
            }
        }
    }

    @Test func answersAMatchingETagWith304() async throws {
        try await withServer { client, _ in
            let etag = try client.execute(uri: "/items/", method: .get) { try #require($0.headers[.eTag]) }
            try client.execute(uri: "/items/", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.isEmpty)
                #expect(response.headers[.eTag] == etag)
            }
            try client.execute(uri: "/items/", method: .get, headers: [.ifNoneMatch: "\"other\", W/\(etag)"]) { response in
                #expect(response.status == .notModified)
            }
            try client.execute(uri: "/items/", method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func sendsGzipOnlyToClientsThatAcceptIt() async throws {
        try await withServer { client, site in
            let page = try #require(try site.page(at: "/items/"))
            try client.execute(uri: "/items/", method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.body == page.gzip)
                #expect(response.headers[.eTag] != page.etag)
            }
            try client.execute(uri: "/items/", method: .get, headers: [.acceptEncoding: "gzip;q=0"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.body == page.body)
            }
            try client.execute(uri: "/items/", method: .get) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.eTag] == page.etag)
            }
        }
    }

    /// The search form without the script: `q` as a form sends it, spaces as `+`.
    @Test func answersTheSearchFormOnTheList() async throws {
        var options = SiteOptions()
        options.servesSearch = true
        let site = try Site.render(try TemporaryCatalog.seed(extra: Self.englishFiles).load(), options: options)
        try await LiveServer.with(site) { client in
            try client.execute(uri: "/en/items/?q=Jik+ji", method: .get) { response in
                #expect(response.status == .ok)
                let page = Self.text(response.body)
                #expect(page.contains("href=\"/en/items/jikji/\"") && !page.contains("href=\"/en/items/haegeum/\""))
                #expect(page.contains("value=\"Jik ji\""))
            }
            try client.execute(uri: "/en/items/?q=%ED%95%B4%EA%B8%88", method: .get) { response in
                #expect(Self.text(response.body).contains("href=\"/en/items/haegeum/\""))
            }
        }
        #expect(SiteResponder.searchQuery("lang=en&q=a+b%2Bc") == "a b+c")
        #expect(SiteResponder.searchQuery("lang=en") == nil)
    }

    @Test func cachesHashedAssetsForAYear() async throws {
        try await withServer { client, site in
            let assets = (try site.allPages()).keys.filter { $0.hasPrefix("/assets/") || $0.hasPrefix("/images/") }
            // style, the stylesheet for browsers without scripts, the labels' stylesheet, script, four drawings and
            // their preview JPEGs
            #expect(assets.count == 12)
            // The search index's files, at fixed addresses, are asked again at each use.
            for manifest in ["/search.json", "/en/search.json", "/search/d0.json", "/en/search/t.json"] {
                try client.execute(uri: manifest, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.cacheControl] == "no-cache", "\(manifest)")
                }
            }
            for path in assets {
                try client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(path)")
                }
            }
            let stylesheet = try #require(assets.first { $0.hasSuffix(".css") })
            try client.execute(uri: stylesheet, method: .get) { #expect($0.headers[.contentType] == "text/css; charset=utf-8") }
            try client.execute(uri: "/search/d0.json", method: .get) { #expect($0.headers[.contentType] == "application/json") }
        }
    }

    @Test func answersUnknownPathsWithTheNotFoundScreen() async throws {
        try await withServer { client, _ in
            try client.execute(uri: "/items/nothing/", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(Self.text(response.body).contains("페이지를 찾을 수 없습니다"))
            }
            try client.execute(uri: "/en/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(Self.text(response.body).contains("Page not found"))
            }
        }
    }

    @Test(arguments: ["/../Package.swift", "/%2e%2e/Package.swift", "/%2e%2e/", "//etc/passwd", "/items/../../etc/passwd",
                      "/images/../../Package.swift", "/..%2f..%2fetc%2fpasswd", "/items/%00", "/items/jikji/%2e%2e/%2e%2e/"])
    func neverLeavesTheSite(_ path: String) async throws {
        try await withServer { client, _ in
            try client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound, "\(path)")
                let body = Self.text(response.body)
                #expect(!body.contains("PackageDescription") && !body.contains("root:"))
            }
        }
    }

    /// Each on a connection of its own: a refused method's answer is its connection's last.
    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func refusesOtherMethodsWith405(_ method: HTTPRequest.Method) async throws {
        try await withServer { client, _ in
            try client.execute(uri: "/", method: method) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
                #expect(response.headers[.connection] == "close")
            }
        }
    }

    @Test func answersHeadWithTheHeadersOfGet() async throws {
        try await withServer { client, site in
            let page = try #require(try site.page(at: "/items/jikji/"))
            try client.execute(uri: "/items/jikji/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.isEmpty)
                #expect(response.headers[.contentLength] == String(page.body.count))
                #expect(response.headers[.eTag] == page.etag)
            }
        }
    }

    @Test func sendsAFirstVisitThatPrefersEnglishToEnglish() async throws {
        try await withServer { client, _ in
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en-US,en;q=0.9,ko;q=0.8"]) { response in
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/en/")
            }
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.8"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.vary]?.contains("Accept-Language") == true)
            }
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "fr-FR, en;q=0.5"]) { response in
                #expect(response.headers[.location] == "/en/")
            }
            // Only the root redirects; a shared link keeps its language.
            try client.execute(uri: "/items/", method: .get, headers: [.acceptLanguage: "en"]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func theLanguageCookieWinsOverTheBrowser() async throws {
        try await withServer { client, _ in
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en", .cookie: "theme=x; lang=ko"]) { response in
                #expect(response.status == .ok)
            }
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "ko", .cookie: "lang=en"]) { response in
                #expect(response.headers[.location] == "/en/")
            }
        }
    }

    @Test func theLanguageSwitchSetsTheCookie() async throws {
        try await withServer { client, _ in
            try client.execute(uri: "/?lang=ko", method: .get, headers: [.acceptLanguage: "en"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.setCookie]?.hasPrefix("lang=ko; Path=/;") == true)
            }
            try client.execute(uri: "/en/items/?lang=en", method: .get) { response in
                #expect(response.headers[.setCookie]?.hasPrefix("lang=en;") == true)
            }
            try client.execute(uri: "/?lang=xx", method: .get) { response in
                #expect(response.headers[.setCookie] == nil)
            }
        }
    }

    @Test func aSiteWithOneLanguageNeverRedirects() async throws {
        try await withServer([:]) { client, _ in
            try client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en"]) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
