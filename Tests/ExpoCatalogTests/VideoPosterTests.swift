import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// `video_poster` and `sign_video_poster`: a time in seconds or one of the catalog's images;
/// anything else, a poster for no video, a picture the catalog does not have, and two
/// exhibits choosing two posters for one file are each said once, where they are.
@Suite struct VideoPosterTests {
    private static func load(_ extra: String, files: [String: String] = [:]) throws -> Catalog {
        let folder = try VersionFieldsTests.catalog(extra, files: ["talk.mp4": "x", "talk.vtt": VersionFieldsTests.captions].merging(files) { $1 })
        return try CatalogLoader.load(at: folder.url)
    }

    @Test(arguments: [("12.5", VideoPoster.second(12.5)), ("0", .second(0)), ("3", .second(3)), ("jikji", .image("jikji"))])
    func aTimeOrAPictureIsThePoster(_ given: String, _ expected: VideoPoster) throws {
        let catalog = try Self.load(#","video":"talk.mp4","video_captions":"talk.vtt","video_poster":"\#(given)""#)
        #expect(catalog.primary.exhibits[0].versions.video?.poster == expected)
        #expect(catalog.videos["talk.mp4"]?.poster == expected)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics.map(\.line))")
    }

    @Test func aNumberWrittenAsANumberIsATime() throws {
        let catalog = try Self.load(#","video":"talk.mp4","video_captions":"talk.vtt","video_poster":7.25"#)
        #expect(catalog.videos["talk.mp4"]?.poster == .second(7.25))
    }

    @Test(arguments: ["-3", "1e9", "../secret.jpg", "99999999", "a b", "<img>", "inf"])
    func anythingElseIsAWarningAndTheFrameASecondIn(_ given: String) throws {
        let catalog = try Self.load(#","video":"talk.mp4","video_captions":"talk.vtt","video_poster":"\#(given)""#)
        #expect(catalog.videos["talk.mp4"]?.poster == nil)
        let said = catalog.diagnostics.filter { $0.place.hasSuffix("video_poster") }
        #expect(said.count == 1 && said[0].message.contains("neither a time in seconds"), "\(catalog.diagnostics.map(\.line))")
    }

    @Test func aPictureTheCatalogDoesNotHaveIsAWarning() throws {
        let catalog = try Self.load(#","video":"talk.mp4","video_captions":"talk.vtt","video_poster":"haegeum""#)
        #expect(catalog.videos["talk.mp4"]?.poster == nil)
        #expect(catalog.diagnostics.contains { $0.file == "talk.mp4" && $0.message.contains("\"haegeum\" is not an image of the catalog") },
                "\(catalog.diagnostics.map(\.line))")
    }

    @Test func aPosterForNoVideoIsAWarning() throws {
        let catalog = try Self.load(#","sign_video_poster":"2""#)
        #expect(catalog.diagnostics.contains { $0.place.hasSuffix("sign_video_poster") && $0.message.contains("a poster for no video") },
                "\(catalog.diagnostics.map(\.line))")
    }
}
