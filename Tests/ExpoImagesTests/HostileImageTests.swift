import CVips
import ExpoCatalog
import ExpoTestSupport
import Foundation
import Synchronization
import Testing
@testable import ExpoImages

/// Images a catalog brings that libvips should not be trusted with as they are: what the
/// libraries say becomes one warning naming the file, and only the loader a file's format
/// calls for ever reads it.
@Suite struct HostileImageTests {
    /// The seed catalog, its `jikji` drawing replaced by `files` (name → bytes).
    private func catalog(_ files: [String: Data]) throws -> (TemporaryCatalog, Catalog) {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        for (name, data) in files { try folder.write(name, data) }
        return (folder, try folder.load())
    }

    /// A PNG cut off halfway through its pixels.
    static func truncatedPNG() -> Data {
        let png = PNGFixture.make(width: 600, height: 600) { x, y in [UInt8(x % 256), UInt8(y % 256), 90, 255] }
        return png.prefix(png.count / 2)
    }

    @Test func aTruncatedPNGIsOneWarningNamingItWithWhatLibvipsSaid() throws {
        let (folder, catalog) = try catalog(["jikji.png": Self.truncatedPNG()])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        #expect(renditions.images["jikji"] == nil, "a placeholder is shown")
        let warnings = renditions.diagnostics.filter { $0.file == "jikji.png" }.map(\.message)
        #expect(warnings.count == 1, "\(renditions.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("cannot be decoded: ") && warning.contains("a placeholder is shown"), "\(warning)")
        #expect(warning.contains("(libvips reported: "), "what libvips logged joins the file's warning: \(warning)")
        withExtendedLifetime(folder) {}
    }

    @Test func libraryMessagesAreKeptForTheThreadThatAskedAndOnlyThere() {
        let noisy = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="50000000" height="10"/>"#.utf8)
        let quiet = Array(TemporaryCatalog.tinySVG.utf8)
        let heard = Mutex<[[String]]>([[], []])
        // Two threads at once, again and again: each hears only what its own image made vips say.
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for _ in 0..<20 {
                let (_, messages) = Vips.messages { VipsPicture.header(thread == 0 ? noisy : quiet, format: .svg) }
                heard.withLock { $0[thread] += messages }
            }
        }
        let (fromNoisy, fromQuiet) = heard.withLock { ($0[0], $0[1]) }
        #expect(fromNoisy.count == 20 && fromNoisy.allSatisfy { $0.contains("invalid or out of range for property 'width'") }, "\(fromNoisy)")
        #expect(fromQuiet.isEmpty, "\(fromQuiet)")
    }

    @Test func anSVGDeclaringAnAbsurdSizeIsAWarningAndIsShownByItsViewBox() throws {
        let (folder, catalog) = try catalog([
            "jikji.svg": Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9" viewBox="0 0 30 20"><rect width="30" height="20"/></svg>"#.utf8),
        ])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        #expect(renditions.diagnostics.map(\.description) == [
            "jikji.svg: declares width=\"1e9\" height=\"1e9\", over the limit of 100 megapixels; shown as a vector at its "
                + "viewBox's proportions (30 × 20), without a picture for link previews",
        ])
        let jikji = try #require(renditions.images["jikji"])
        #expect(jikji.size == ImageSize(width: 30, height: 20))
        #expect(jikji.files.map(\.format) == [.svg])

        let (other, withoutViewBox) = try self.catalog(["jikji.svg": Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="inf" height="10"/>"#.utf8)])
        let placeholder = ImageWork.renditions(for: withoutViewBox, cache: nil)
        #expect(placeholder.images["jikji"] == nil)
        #expect(placeholder.diagnostics.map(\.description) == [
            "jikji.svg: declares width=\"inf\" height=\"10\", which is not a finite size, and has no viewBox to show it by; a placeholder is shown",
        ])
        withExtendedLifetime((folder, other)) {}
    }

    /// `1000 / 1e-310` is infinite: working out the proportions of such a viewBox trapped.
    @Test func anSVGWithAnAbsurdSizeAndAViewBoxTooSmallToMeasureIsAPlaceholder() throws {
        let (folder, catalog) = try catalog([
            "jikji.svg": Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9" viewBox="0 0 1e-310 1e-310"/>"#.utf8),
        ])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        #expect(renditions.images["jikji"] == nil)
        #expect(renditions.diagnostics.map(\.description) == [
            "jikji.svg: declares width=\"1e9\" height=\"1e9\", over the limit of 100 megapixels, and has no viewBox to show it by; "
                + "a placeholder is shown",
        ])
        withExtendedLifetime(folder) {}
    }

    /// Whether libvips refuses to run the operation at all, whatever it is given.
    private func isBlocked(_ operation: String) throws -> Bool {
        _ = try Vips.started.get()
        let made = try #require(vips_operation_new(operation))
        defer { g_object_unref(made) }
        return vips_operation_get_flags(made).rawValue & VIPS_OPERATION_BLOCKED.rawValue != 0
    }

    @Test func aPDFNamedPNGIsRefusedWithoutReachingPoppler() throws {
        let pdf = AssetCatalogFixture.pdf()
        #expect(SourceFormat(magic: [UInt8](pdf)) == nil)
        // Even a caller that let libvips choose could not reach poppler or ImageMagick.
        #expect(try isBlocked("pdfload_buffer") && isBlocked("magickload_buffer"))
        #expect(try !isBlocked("pngload_buffer") && !isBlocked("svgload_buffer"))
        let (folder, catalog) = try catalog(["jikji.png": pdf])
        let renditions = ImageWork.renditions(for: catalog, cache: nil)
        #expect(renditions.images["jikji"] == nil)
        #expect(renditions.diagnostics.map(\.description) == [
            "jikji.png: is not an image the guide can read (damaged, or another kind of file); a placeholder is shown",
        ])
        #expect(throws: Vips.Failure.self) { try VipsPicture.decoded([UInt8](pdf), width: 100).get() }
        withExtendedLifetime(folder) {}
    }

    @Test func theDefaultCatalogsDrawingsDrawTheSameOnceCleaned() throws {
        let folder = try #require(CatalogLoader.defaultCatalogURL)
        let catalog = try CatalogLoader.loadDefault()
        var compared = 0
        for (name, image) in catalog.images {
            let cleaned = try #require(image.variants.first)
            guard cleaned.format == .svg else { continue }
            let original = try Data(contentsOf: folder.appendingPathComponent(cleaned.file))
            func drawn(_ bytes: Data) throws -> [UInt8] {
                try VipsPicture.renderedVector([UInt8](bytes), width: 240).flatMap { $0.encoded(.png) }.get()
            }
            #expect(try drawn(original) == drawn(cleaned.data), "\(name) draws differently once cleaned")
            compared += 1
        }
        #expect(compared >= 17)
    }
}
