import ExpoCatalog
import ExpoTestSupport
import Foundation
import Synchronization
import Testing
@testable import ExpoImages

/// Curators' originals made into the files the site serves: upright, sRGB, without
/// metadata, in modern formats; and bad files reported, never fatal.
@Suite struct ImageWorkTests {
    /// The seed catalog with jikji's drawing replaced by `files` (name → bytes).
    private func catalog(_ files: [String: Data]) throws -> (TemporaryCatalog, Catalog) {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        for (name, data) in files { try folder.write(name, data) }
        return (folder, try folder.load())
    }

    private func decoded(_ file: RenditionFile) throws -> VipsPicture {
        try VipsPicture.decoded(file.bytes, width: 10_000).get()
    }

    private func isRed(_ pixel: [Double]?) -> Bool {
        guard let pixel, pixel.count >= 3 else { return false }
        return pixel[0] > 200 && pixel[1] < 60 && pixel[2] < 60
    }

    private func isBlue(_ pixel: [Double]?) -> Bool {
        guard let pixel, pixel.count >= 3 else { return false }
        return pixel[0] < 60 && pixel[1] < 60 && pixel[2] > 200
    }

    @Test func aPhoneJPEGComesOutUprightWithNoLocationOrCameraData() throws {
        let original = try PhotoFixtures.jpegWithGPSAndOrientationSix()
        #expect(original.range(of: Data(PhotoFixtures.gpsMarker.utf8)) != nil, "the fixture carries the GPS data")
        let (folder, catalog) = try catalog(["jikji.jpg": original])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        let jikji = try #require(renditions.images["jikji"])
        #expect(renditions.diagnostics.map(\.description) == [
            "jikji.jpg: is 100 pixels wide; shown up to 384 points wide, it needs 768 pixels to look sharp on a phone",
        ])
        // Stored 200 × 100 with orientation 6: shown 100 wide and 200 tall, red on top.
        #expect(jikji.size == ImageSize(width: 100, height: 200))
        #expect(Set(jikji.files.map(\.format)) == [.avif, .webp, .jpeg])
        for file in jikji.files {
            #expect(file.width == 100 && file.height == 200, "\(file.format) \(file.width)×\(file.height)")
            let bytes = Data(file.bytes)
            #expect(bytes.range(of: Data(PhotoFixtures.gpsMarker.utf8)) == nil, "\(file.format) holds the GPS datum")
            #expect(bytes.range(of: Data("Exif\0\0".utf8)) == nil, "\(file.format) holds EXIF")
            let picture = try decoded(file)
            #expect(isRed(picture.pixel(x: 50, y: 20)), "\(file.format): \(String(describing: picture.pixel(x: 50, y: 20)))")
            #expect(isBlue(picture.pixel(x: 50, y: 180)), "\(file.format): \(String(describing: picture.pixel(x: 50, y: 180)))")
        }
        withExtendedLifetime(folder) {}
    }

    @Test(.enabled(if: PhotoFixtures.vipsCommand != nil, "the HEIC fixture is made with the vips command (apt-get install libvips-tools)"))
    func anIPhoneHEICIsRead() throws {
        let (folder, catalog) = try catalog(["jikji.heic": try PhotoFixtures.heic()])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        let jikji = try #require(renditions.images["jikji"], "\(renditions.diagnostics)")
        #expect(jikji.size == ImageSize(width: 200, height: 100))
        #expect(Set(jikji.files.map(\.format)) == [.avif, .webp, .jpeg])
        let jpeg = try decoded(try #require(jikji.files(.jpeg).last))
        #expect(isRed(jpeg.pixel(x: 20, y: 50)))
        #expect(isBlue(jpeg.pixel(x: 180, y: 50)))
        withExtendedLifetime(folder) {}
    }

    @Test func transparencySurvivesAsPNGAndModernFormats() throws {
        let cutOut = PNGFixture.make(width: 120, height: 80) { x, _ in x < 60 ? [200, 30, 30, 255] : [0, 0, 0, 0] }
        let (folder, catalog) = try catalog(["jikji.png": cutOut])
        let jikji = try #require(ImageWork.renditions(for: catalog, cache: nil).images["jikji"])
        #expect(Set(jikji.files.map(\.format)) == [.avif, .webp, .png])
        #expect(jikji.tone == nil, "no tint behind a transparent picture")
        for file in jikji.files {
            let picture = try decoded(file)
            #expect(picture.hasAlpha, "\(file.format) lost its alpha channel")
            #expect(picture.pixel(x: 100, y: 40)?.last == 0, "\(file.format): the right half is transparent")
            #expect(picture.pixel(x: 10, y: 40)?.last == 255, "\(file.format): the left half is opaque")
        }
        withExtendedLifetime(folder) {}
    }

    @Test func anOpaqueAlphaChannelIsDroppedSoThePhotoIsAJPEG() throws {
        let (folder, catalog) = try catalog(["jikji.png": PhotoFixtures.redLeftBlueRight()])
        let jikji = try #require(ImageWork.renditions(for: catalog, cache: nil).images["jikji"])
        #expect(Set(jikji.files.map(\.format)) == [.avif, .webp, .jpeg])
        // Half red, half blue: the average is a purple.
        #expect(jikji.tone == "#800080", "\(String(describing: jikji.tone))")
        withExtendedLifetime(folder) {}
    }

    @Test func widthsStopAtTheOriginalsAndAreNeverUpscaled() throws {
        let (folder, catalog) = try catalog(["jikji.png": PNGFixture.make(width: 1000, height: 500)])
        let jikji = try #require(ImageWork.renditions(for: catalog, cache: nil).images["jikji"])
        for format in [RenditionFormat.avif, .webp, .jpeg] {
            #expect(jikji.files(format).map(\.width) == [320, 480, 800, 1000])
            #expect(jikji.files(format).map(\.height) == [160, 240, 400, 500])
        }
        let (small, smallCatalog) = try self.catalog(["jikji.png": PNGFixture.make(width: 100, height: 50)])
        #expect(ImageWork.renditions(for: smallCatalog, cache: nil).images["jikji"]?.files.map(\.width) == [100, 100, 100])
        withExtendedLifetime((folder, small)) {}
    }

    @Test func theSharpestScaleIsTheOriginalAndSetsTheLayoutSize() throws {
        let (folder, catalog) = try catalog([
            "jikji.png": PNGFixture.make(width: 300, height: 200), "jikji@3x.png": PNGFixture.make(width: 900, height: 600),
        ])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        let jikji = try #require(renditions.images["jikji"])
        #expect(jikji.size == ImageSize(width: 300, height: 200))
        #expect(jikji.files(.jpeg).map(\.width) == [320, 480, 800, 900])
        #expect(renditions.diagnostics.isEmpty, "\(renditions.diagnostics)")
        withExtendedLifetime(folder) {}
    }

    @Test func badFilesGetOneWarningEachAndThePlaceholderWhileTheRestIsMade() throws {
        let good = try PhotoFixtures.jpegWithGPSAndOrientationSix()
        let folder = try TemporaryCatalog.seed(extra: ["items.json": """
            [{"name": "a", "image_name": "truncated", "short_desc": "", "desc": ""},
             {"name": "b", "image_name": "empty", "short_desc": "", "desc": ""},
             {"name": "c", "image_name": "text", "short_desc": "", "desc": ""},
             {"name": "d", "image_name": "bomb", "short_desc": "", "desc": ""},
             {"name": "e", "image_name": "renamed", "short_desc": "", "desc": ""},
             {"name": "f", "image_name": "fine", "short_desc": "", "desc": ""}]
            """])
        try folder.write("truncated.jpg", good.prefix(good.count / 2))
        try folder.write("empty.png", Data())
        try folder.write("text.png", "these are not pixels")
        try folder.write("bomb.png", PNGFixture.claiming(width: 50_000, height: 50_000))
        try folder.write("renamed.jpg", PNGFixture.make(width: 40, height: 20))
        try folder.write("fine.jpg", good)
        let renditions = ImageWork.renditions(for: try folder.load(), cache: nil)
        #expect(Set(renditions.images.keys) == ["poster", "flag", "renamed", "fine"])
        // The two good ones are small, which is a warning of its own.
        let lines = renditions.diagnostics.map(\.description).filter { !$0.contains("to look sharp") }
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("truncated.jpg: cannot be decoded: ") && $0.hasSuffix("; a placeholder is shown") }, "\(lines)")
        #expect(lines.contains("empty.png: the file is empty; a placeholder is shown"), "\(lines)")
        #expect(lines.contains("text.png: is not an image the guide can read (damaged, or another kind of file); a placeholder is shown"), "\(lines)")
        #expect(lines.contains("bomb.png: is 50,000 × 50,000 pixels, over the limit of 1,000 megapixels; not decoded; a placeholder is shown"), "\(lines)")
        #expect(lines.contains("renamed.jpg: is a PNG file with a .jpg name; read as PNG"), "\(lines)")
    }

    @Test func aSecondRunReadsEverythingFromTheCache() throws {
        let (folder, catalog) = try catalog(["jikji.png": PhotoFixtures.redLeftBlueRight()])
        let cacheFolder = folder.url.appendingPathComponent("cache")
        let cache = RenditionCache(folder: cacheFolder)
        let progress = Mutex<[ImageWork.Progress]>([])
        let first = ImageWork.renditions(for: catalog, cache: cache) { step in progress.withLock { $0.append(step) } }
        #expect(progress.withLock { $0.map(\.done) }.sorted() == [1, 2, 3, 4])
        // The three drawings are the same SVG, so one entry holds their preview JPEG; the
        // photo has its own.
        func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path) }
        #expect(try entries().count == 2)
        progress.withLock { $0 = [] }
        let second = ImageWork.renditions(for: catalog, cache: cache) { step in progress.withLock { $0.append(step) } }
        #expect(progress.withLock { $0.last?.cached } == 4)
        #expect(second.images["jikji"]?.files.map(\.bytes) == first.images["jikji"]?.files.map(\.bytes))
        #expect(second.images["jikji"]?.tone == first.images["jikji"]?.tone)
        // Other settings are another key: the images are made again.
        var settings = RenditionSettings()
        settings.jpegQuality = 60
        _ = ImageWork.renditions(for: catalog, cache: cache, settings: settings) { _ in }
        let after = try entries()
        #expect(after.count == 4 && after.allSatisfy { !$0.hasPrefix(".") }, "\(after)")
    }

    @Test func aPreviewShowsADraftOfAPhotoTheCacheDoesNotHaveYet() throws {
        let (folder, catalog) = try catalog(["jikji.png": PNGFixture.make(width: 1600, height: 1000)])
        let cache = RenditionCache(folder: folder.url.appendingPathComponent("cache"))
        let draft = ImageWork.renditions(for: catalog, cache: cache, drafts: true)
        #expect(draft.drafts == ["jikji"])
        #expect(draft.images["jikji"]?.files.map { "\($0.width) \($0.format)" } == ["800 jpeg"])
        #expect(draft.images["jikji"]?.size == ImageSize(width: 1600, height: 1000))
        // Once the real renditions are in the cache, a preview uses them.
        _ = ImageWork.renditions(for: catalog, cache: cache)
        let real = ImageWork.renditions(for: catalog, cache: cache, drafts: true)
        #expect(real.drafts.isEmpty)
        #expect(Set(real.images["jikji"]?.files.map(\.format) ?? []) == [.avif, .webp, .jpeg])
    }

    @Test func anUnwritableCacheIsOneWarningAndTheImagesAreStillMade() throws {
        let (folder, catalog) = try catalog(["jikji.png": PhotoFixtures.redLeftBlueRight()])
        try folder.write("cache", "a file where the cache folder should be")
        let renditions = ImageWork.renditions(for: catalog, cache: RenditionCache(folder: folder.url.appendingPathComponent("cache")))
        #expect(renditions.images["jikji"] != nil)
        let cacheProblems = renditions.diagnostics.filter { $0.message.hasPrefix("the image cache cannot be written") }
        #expect(cacheProblems.count == 1, "\(renditions.diagnostics)")
    }

    @Test func anOriginalTooSmallForTheExhibitScreenIsAWarning() throws {
        let (folder, catalog) = try catalog(["jikji@2x.png": PNGFixture.make(width: 500, height: 400)])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        #expect(renditions.diagnostics.map(\.description) == [
            "jikji@2x.png: is 500 pixels wide; shown up to 384 points wide, it needs 768 pixels to look sharp on a phone",
        ])
        withExtendedLifetime(folder) {}
    }
}
