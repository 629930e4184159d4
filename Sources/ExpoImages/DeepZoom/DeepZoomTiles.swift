import CVips
import ExpoCatalog
import Foundation

/// Makes a large photo's deep-zoom tiles with libvips's `dzsave`, into the disk cache,
/// once per photo and settings.
public enum DeepZoomTiles {
    /// The tiles of `bytes` (an original `width` × `height` pixels as its header says),
    /// from the cache or made now and stored there. Nil, with a warning naming `file`, when
    /// they cannot be made; the photo then zooms in its widest rendition as before.
    static func tiles(of bytes: some ContiguousBytes & Collection<UInt8> & Sendable, width: Int, height: Int, file: String, cache: RenditionCache,
                      settings: TileSettings, diagnostics: inout [Diagnostic]) -> TileSet? {
        let key = Vips.sha256(bytes, then: " \(settings.fingerprint)")
        if let tiles = cache.tiles(key) { return tiles }
        do {
            return try cache.storeTiles(key, tileSize: settings.tileSize) { folder in
                try make(bytes, longest: max(width, height), into: folder, settings: settings)
            }
        } catch let failure as Vips.Failure {
            diagnostics.append(Diagnostic(.warning, file: file, "its deep-zoom tiles cannot be made: \(failure.message); it zooms in its widest rendition"))
        } catch {
            diagnostics.append(Diagnostic(.warning, file: file,
                "its deep-zoom tiles cannot be stored (\(FileProblem.describe(error))); it zooms in its widest rendition"))
        }
        return nil
    }

    /// Cuts the photo into `folder` (which must not exist), writes its `full/max` beside the
    /// tiles, and answers both sizes, upright.
    static func make(_ bytes: some ContiguousBytes & Collection<UInt8>, longest: Int, into folder: URL, settings: TileSettings) throws -> (size: ImageSize, full: ImageSize) {
        if case let .failure(failure) = Vips.started { throw failure }
        guard let format = SourceFormat(magic: bytes) else { throw Vips.Failure(message: "its bytes are no image the guide reads") }
        if case let .failure(failure) = Vips.checkLoader(bytes, is: format) { throw failure }
        let status = bytes.withUnsafeBytes { buffer in
            expo_vips_save_tiles(buffer.baseAddress, buffer.count, Int32(longest), folder.path,
                                 Int32(settings.tileSize), Int32(settings.jpegQuality))
        }
        guard status == 0 else { throw Vips.lastError() }
        // libvips's own descriptions: the guide writes its info.json with the address it serves.
        for leftover in ["info.json", "vips-properties.xml"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(leftover))
        }
        // The largest level's tiles span the upright photo: the last column's and row's
        // names end where it ends.
        let size = try uprightSize(folder)
        return (size, try writeFull(bytes, size: size, into: folder, settings: settings))
    }

    /// The whole photo at most `settings.fullSize` on its longer side, as `full/max`.
    private static func writeFull(_ bytes: some ContiguousBytes & Collection<UInt8>, size: ImageSize, into folder: URL, settings: TileSettings) throws -> ImageSize {
        let longest = max(size.width, size.height)
        let width = longest <= settings.fullSize ? size.width : max(1, size.width * settings.fullSize / longest)
        let encoded = VipsPicture.decoded(bytes, width: width)
            .flatMap { $0.flattenedOnWhite() }
            .flatMap { $0.isEightBit ? .success($0) : $0.castToEightBit() }
            .flatMap { picture in picture.encoded(.jpeg(quality: settings.jpegQuality)).map { (picture, $0) } }
        let (picture, jpeg) = try encoded.get()
        let file = folder.appendingPathComponent(TileSet.fullPath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(jpeg).write(to: file)
        return ImageSize(width: picture.width, height: picture.height)
    }

    /// The photo's size as the tiles of its whole-photo level name it (`0,0,w,h`).
    private static func uprightSize(_ folder: URL) throws -> ImageSize {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let sizes = names.compactMap { name -> ImageSize? in
            let numbers = name.split(separator: ",").compactMap { Int($0) }
            guard numbers.count == 4, numbers[0] == 0, numbers[1] == 0 else { return nil }
            return ImageSize(width: numbers[2], height: numbers[3])
        }
        guard let whole = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else {
            throw Vips.Failure(message: "libvips wrote no tiles")
        }
        return whole
    }
}
