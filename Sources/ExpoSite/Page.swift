import ExpoImages
import Foundation
import NIOCore

/// One response the site can give, complete: its bytes, the ETag and how long a browser
/// may keep it. Built once when the site renders.
///
/// A page is held in one form only: gzip when that is smaller, else the body itself. Every
/// browser takes gzip, so the compressed form is what is sent; the plain one is worked out
/// again for the rare client that does not. The form held is a NIO buffer because the
/// server sends it as it is: the site and the server share one copy of each page.
public struct Page: Sendable {
    public enum Caching: Sendable {
        /// HTML: the browser must ask again each time (cheap with the ETag).
        case revalidate
        /// Content-hashed assets: the name changes when the content does.
        case immutable
    }

    public let contentType: String
    /// The page's bytes as they are held: its gzip form when `isCompressed`, else its body.
    public let held: ByteBuffer
    /// Whether `held` is the gzip form: only when compressing makes the page smaller.
    public let isCompressed: Bool
    /// How many bytes the body has uncompressed.
    public let bodyLength: Int
    /// A strong ETag, quoted: `"3f2a…"`; it names the body uncompressed.
    public let etag: String
    public let caching: Caching
    /// Sent with `Access-Control-Allow-Origin: *`: data other sites' viewers read (IIIF).
    public let crossOrigin: Bool
    /// A made recording or video: the body is this file on disk, sent and exported from
    /// there, and `held` is empty.
    public let file: MediaFile?
    /// The body beside its gzip form, only on a page made to be used once and let go (one
    /// exported, or one made for a request, which the export and the server need whole);
    /// never on the pages a site keeps (`kept`).
    private var plain: [UInt8]?

    /// `compressor` may have compressed other pages before: rendering reuses one per thread.
    /// Without one, a page that is worth compressing gets its own. `compressing: false`
    /// keeps a small page plain, with no `.gz` beside it in an export.
    init(contentType: String, body: [UInt8], caching: Caching, compressor: Gzip? = nil, crossOrigin: Bool = false,
         compressing: Bool = true) {
        self.contentType = contentType
        self.crossOrigin = crossOrigin
        self.caching = caching
        file = nil
        bodyLength = body.count
        etag = "\"\(ContentHash.hex(body))\""
        let compressible = contentType.hasPrefix("text/") || contentType.hasPrefix("image/svg")
            || contentType.hasPrefix("application/json") || contentType.hasPrefix("application/ld+json") || contentType.hasPrefix("application/manifest")
        if compressing, compressible, body.count > 256, let compressed = (compressor ?? Gzip()).compress(body), compressed.readableBytes < body.count {
            held = compressed
            isCompressed = true
            plain = body
        } else {
            held = ByteBuffer(bytes: body)
            isCompressed = false
            plain = nil
        }
    }

    /// A page whose body is a media file on disk, never compressed (its formats are).
    init(contentType: String, file: MediaFile, caching: Caching, crossOrigin: Bool = false) {
        self.contentType = contentType
        self.caching = caching
        self.file = file
        self.crossOrigin = crossOrigin
        bodyLength = file.size
        etag = "\"\(file.contentHash)\""
        held = ByteBuffer()
        isCompressed = false
        plain = nil
    }

    /// The body, uncompressed: worked out again from the gzip form on a page held in that
    /// form only. Empty only if that form could not be read back, which zlib never does for
    /// bytes it wrote. A file's page reads the file, which only a test should need.
    public var body: [UInt8] {
        if let file { return FileManager.default.contents(atPath: file.url.path).map { [UInt8]($0) } ?? [] }
        if let plain { return plain }
        guard isCompressed else { return Array(held.readableBytesView) }
        return Gzip.decompress(held, length: bodyLength).map { Array($0.readableBytesView) } ?? []
    }

    /// The gzip form, when the page has one.
    public var gzip: [UInt8]? { isCompressed ? Array(held.readableBytesView) : nil }

    /// Whether the body is held beside the gzip form: only on a page made for one use.
    var holdsBothForms: Bool { plain != nil }

    /// The page as a site keeps it: in its one form.
    var kept: Page {
        var page = self
        page.plain = nil
        return page
    }
}
