import ExpoTestSupport
import Foundation
import Testing

/// A JPEG with HTML appended was taken as a photo, which is right as long as the file is
/// never served as it came: the guide serves renditions libvips encoded anew. Every address
/// the studio's pages, the preview and the published guide name for it is fetched, and
/// none holds the HTML.
@Suite(.serialized) struct StudioUploadServingTests {
    typealias Person = StudioEditingTests.Person
    static let marker = "<script>alert('smuggled')</script>"

    /// A small JPEG, made by libvips's command from the tests' PNG.
    static func jpeg(in folder: URL) throws -> [UInt8] {
        let png = folder.appendingPathComponent("photo.png"), jpeg = folder.appendingPathComponent("photo.jpg")
        try Data(PNGFixture.make(width: 64, height: 48)).write(to: png)
        let vips = Process()
        vips.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        vips.arguments = ["vips", "copy", png.path, jpeg.path]
        try vips.run()
        vips.waitUntilExit()
        return [UInt8](try Data(contentsOf: jpeg))
    }

    /// Every address in `html` that names `name`: src, href, srcset and content values.
    static func addresses(in html: String, naming name: String) -> Set<String> {
        var found: Set<String> = []
        for match in StudioAccessTests.matches(#"(?:src|href|srcset|content|data-[a-z-]+)="([^"]*)""#, in: html, groups: 1) {
            for part in match[0].replacingOccurrences(of: "&amp;", with: "&").split(separator: ",") {
                guard let url = part.split(separator: " ").first.map(String.init), url.contains(name), !url.hasPrefix("#") else { continue }
                found.insert(url.hasPrefix("http") ? String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) : url)
            }
        }
        return found
    }

    @Test func aJPEGWithHTMLAppendedIsNeverServedAsItCame() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let smuggled = try Self.jpeg(in: studio.folder.url) + Array("<html><body>\(Self.marker)</body></html>".utf8)
        let token = try LiveStudio.token(in: try await ben.get("/studio/exhibits/jikji").body)
        let (type, body) = RawHTTP.multipart([("form_token", token)], files: [(name: "photo.jpg", bytes: smuggled)])
        let sent = try await studio.http.send("POST", "/studio/exhibits/jikji/files", headers: [
            ("Cookie", "studio_session=\(ben.session)"), ("Origin", studio.origin), ("Content-Type", type),
        ], bytes: body)
        #expect(sent.status == 200, "\(sent.body.prefix(400))")

        func check(_ pages: [String], signedIn: Bool) async throws -> Int {
            var fetched = 0
            for page in pages {
                let html = signedIn ? try await ben.get(page).body : try await studio.http.send("GET", page).body
                for address in Self.addresses(in: html, naming: "jikji-2") {
                    let answer = signedIn ? try await ben.get(address) : try await studio.http.send("GET", address)
                    fetched += 1
                    #expect(!answer.body.contains(Self.marker) && !answer.bodyBytes.elementsEqual(smuggled), "\(address) serves the file as it came")
                    if answer.status == 200 {
                        let type = answer.header("content-type") ?? ""
                        #expect(!type.contains("html"), "\(address): \(type)")
                    }
                }
            }
            return fetched
        }
        let inStudio = try await check(["/studio/exhibits/jikji", "/studio/preview/items/jikji/"], signedIn: true)
        #expect(inStudio > 0, "the preview names the photo")

        let published = try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish")
        #expect(published.status == 200, "\(published.body.prefix(400))")
        let inGuide = try await check(["/items/jikji/", "/en/items/jikji/"], signedIn: false)
        #expect(inGuide > 0, "the published guide names the photo")
        // The original's own name in the folder, asked for directly, is not served either.
        for name in ["/jikji-2.jpg", "/items/jikji/jikji-2.jpg", "/images/jikji-2.jpg"] {
            #expect(!(try await studio.http.send("GET", name).body.contains(Self.marker)), "\(name)")
        }
    }
}
