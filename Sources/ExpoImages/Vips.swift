import CVips
import Foundation

/// The guide's only door to libvips: it starts the library once and turns its C calls into
/// Swift values and errors. Nothing else calls C.
enum Vips {
    struct Failure: Error {
        var message: String
    }

    /// Where GLib's messages go instead of standard error (`log.h` in the shim).
    struct LogCapture: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
    }

    /// Starts libvips on first use; every caller goes through here.
    static let started: Result<LogCapture, Failure> = {
        guard let handle = expo_vips_init() else { return .failure(lastError()) }
        return .success(LogCapture(handle: handle))
    }()

    /// What libvips, GLib and librsvg logged on this thread while `body` ran, one line a
    /// message: it is about the image `body` read, and is reported in a diagnostic naming
    /// it, never printed. Calls do not nest.
    static func messages<T>(during body: () -> T) -> (result: T, messages: [String]) {
        guard case let .success(capture) = started else { return (body(), []) }
        expo_log_keep(capture.handle)
        let result = body()
        guard let kept = expo_log_kept(capture.handle) else { return (result, []) }
        defer { g_free(kept) }
        let lines = String(cString: kept).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (result, lines)
    }

    /// Messages that differ only in their numbers, once with a count:
    /// `error in tile 0 x 448 (and 3 more like it)`, `ignoring nclx profile (6 times)`.
    static func summary(_ messages: [String]) -> [String] {
        var groups: [(shape: String, messages: [String])] = []
        for message in messages {
            let shape = String(message.map { $0.isNumber ? "0" : $0 })
            if let index = groups.firstIndex(where: { $0.shape == shape }) {
                groups[index].messages.append(message)
            } else {
                groups.append((shape, [message]))
            }
        }
        return groups.map { group in
            let first = group.messages[0]
            switch group.messages.count {
            case 1: return first
            case let count where group.messages.allSatisfy({ $0 == first }): return "\(first) (\(count) times)"
            case let count: return "\(first) (and \(count - 1) more like it)"
            }
        }
    }

    /// vips's error text for the call that just failed, made plain, and cleared.
    static func lastError() -> Failure {
        // Taken and cleared in one step: other threads may be reporting errors too.
        let copied = vips_error_buffer_copy()
        defer { g_free(copied) }
        let raw = copied.map { String(cString: $0) } ?? ""
        let lines = raw.split(separator: "\n").map { line -> String in
            // "pngload_buffer: libpng read error" → "libpng read error"
            guard let colon = line.firstIndex(of: ":") else { return String(line) }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Failure(message: lines.first { !$0.isEmpty } ?? "libvips gave no reason")
    }

    /// The class of the loader vips would pick for these bytes (`VipsForeignLoadPngBuffer`),
    /// or nil when no loader that is not blocked knows them.
    static func loader(for bytes: some ContiguousBytes) -> String? {
        guard case .success = started else { return nil }
        let name = bytes.withUnsafeBytes { expo_vips_loader($0.baseAddress, $0.count) }
        if name == nil { _ = lastError() }
        return name.map { String(cString: $0) }
    }

    /// Fails unless vips, left to choose, would read the bytes with `format`'s own loader:
    /// the thumbnail step (which shrinks JPEGs while decoding them) chooses for itself.
    static func checkLoader(_ bytes: some ContiguousBytes, is format: SourceFormat) -> Result<Void, Failure> {
        let chosen = loader(for: bytes)
        guard chosen == format.loaderClass else {
            return .failure(Failure(message: "libvips would read it with \(chosen ?? "no loader") rather than its \(format.name) loader"))
        }
        return .success(())
    }

    static func sha256(_ bytes: some ContiguousBytes) -> String {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// The hash of `bytes` followed by `tail`'s UTF-8, the same as of the two joined, without joining them.
    static func sha256(_ bytes: some ContiguousBytes, then tail: String) -> String {
        var tail = tail
        return tail.withUTF8 { tailBytes in
            bytes.withUnsafeBytes { buffer in
                let hex = expo_sha256_joined(buffer.baseAddress, buffer.count, tailBytes.baseAddress, tailBytes.count)
                defer { g_free(hex) }
                return hex.map { String(cString: $0) } ?? ""
            }
        }
    }

    static func sha256(_ bytes: UnsafeRawBufferPointer) -> String {
        let hex = expo_sha256(bytes.baseAddress, bytes.count)
        defer { g_free(hex) }
        return hex.map { String(cString: $0) } ?? ""
    }
}

/// A vips image, released when the last reference goes.
final class VipsPicture: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit { expo_vips_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var isEightBit: Bool { vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR }

    /// The header of a raster original, read by the loader its magic number names: size
    /// and bands, no pixels decoded yet.
    static func header(_ bytes: some ContiguousBytes & Collection<UInt8>) -> Result<VipsPicture, Vips.Failure> {
        guard let format = SourceFormat(magic: bytes) else { return .failure(Self.unknownFormat) }
        return header(bytes, format: format)
    }

    static func header(_ bytes: some ContiguousBytes, format: SourceFormat) -> Result<VipsPicture, Vips.Failure> {
        if case let .failure(failure) = Vips.started { return .failure(failure) }
        return make { out in bytes.withUnsafeBytes { expo_vips_header(format.loader, $0.baseAddress, $0.count, &out) } }
    }

    /// The decoded raster image, upright and in sRGB, at most `width` pixels wide, held in
    /// memory; computed on this thread, so that what the decoder logs is this image's.
    static func decoded(_ bytes: some ContiguousBytes & Collection<UInt8>, width: Int) -> Result<VipsPicture, Vips.Failure> {
        if case let .failure(failure) = Vips.started { return .failure(failure) }
        guard let format = SourceFormat(magic: bytes) else { return .failure(Self.unknownFormat) }
        return Vips.checkLoader(bytes, is: format)
            .flatMap { make { out in bytes.withUnsafeBytes { expo_vips_thumbnail($0.baseAddress, $0.count, Int32(width), &out) } } }
            .flatMap { image in make { expo_vips_copy_memory(image.pointer, &$0) } }
    }

    /// A vector image drawn `width` pixels wide, upscaled if it is smaller, held in memory.
    static func renderedVector(_ bytes: some ContiguousBytes, width: Int) -> Result<VipsPicture, Vips.Failure> {
        if case let .failure(failure) = Vips.started { return .failure(failure) }
        return Vips.checkLoader(bytes, is: .svg)
            .flatMap { make { out in bytes.withUnsafeBytes { expo_vips_render_vector($0.baseAddress, $0.count, Int32(width), &out) } } }
            .flatMap { image in make { expo_vips_copy_memory(image.pointer, &$0) } }
    }

    private static let unknownFormat = Vips.Failure(message: "its bytes are no PNG, JPEG, WebP, GIF, TIFF, HEIC or AVIF")

    func flattenedOnWhite() -> Result<VipsPicture, Vips.Failure> {
        hasAlpha ? Self.make { expo_vips_flatten_white(pointer, &$0) } : .success(self)
    }

    func resized(toWidth target: Int) -> Result<VipsPicture, Vips.Failure> {
        let scale = Double(target) / Double(width)
        return Self.make { expo_vips_resize(pointer, scale, &$0) }
    }

    func firstBands(_ count: Int) -> Result<VipsPicture, Vips.Failure> {
        Self.make { expo_vips_first_bands(pointer, Int32(count), &$0) }
    }

    func castToEightBit() -> Result<VipsPicture, Vips.Failure> {
        Self.make { expo_vips_cast_uchar(pointer, &$0) }
    }

    func minimum(ofBand band: Int) -> Double? {
        var value = 0.0
        guard expo_vips_band_min(pointer, Int32(band), &value) == 0 else { _ = Vips.lastError(); return nil }
        return value
    }

    func average(ofBand band: Int) -> Double? {
        var value = 0.0
        guard expo_vips_band_avg(pointer, Int32(band), &value) == 0 else { _ = Vips.lastError(); return nil }
        return value
    }

    /// The pixel at (x, y), one value per band.
    func pixel(x: Int, y: Int) -> [Double]? {
        var values = [Double](repeating: 0, count: 4)
        let count = expo_vips_pixel(pointer, Int32(x), Int32(y), &values, 4)
        guard count > 0 else { _ = Vips.lastError(); return nil }
        return Array(values.prefix(Int(count)))
    }

    enum Encoding {
        case avif(quality: Int, effort: Int), webp(quality: Int), jpeg(quality: Int), png
    }

    func encoded(_ encoding: Encoding) -> Result<[UInt8], Vips.Failure> {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 = switch encoding {
        case let .avif(quality, effort): expo_vips_save_avif(pointer, Int32(quality), Int32(effort), &buffer, &length)
        case let .webp(quality): expo_vips_save_webp(pointer, Int32(quality), &buffer, &length)
        case let .jpeg(quality): expo_vips_save_jpeg(pointer, Int32(quality), &buffer, &length)
        case .png: expo_vips_save_png(pointer, &buffer, &length)
        }
        guard status == 0, let buffer else { return .failure(Vips.lastError()) }
        defer { g_free(buffer) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
        if case .webp = encoding { return .success(WebPMetadata.stripped(bytes)) }
        return .success(bytes)
    }

    private static func make(_ call: (inout UnsafeMutablePointer<VipsImage>?) -> Int32) -> Result<VipsPicture, Vips.Failure> {
        var out: UnsafeMutablePointer<VipsImage>?
        guard call(&out) == 0, let out else { return .failure(Vips.lastError()) }
        return .success(VipsPicture(out))
    }
}
