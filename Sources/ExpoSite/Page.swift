/// One response the site can give, complete: the bytes, their gzip form, the ETag and how
/// long a browser may keep it. Built once when the site renders.
public struct Page: Sendable {
    public enum Caching: Sendable {
        /// HTML: the browser must ask again each time (cheap with the ETag).
        case revalidate
        /// Content-hashed assets: the name changes when the content does.
        case immutable
    }

    public let contentType: String
    public let body: [UInt8]
    /// Present only when it is smaller than the body.
    public let gzip: [UInt8]?
    /// A strong ETag, quoted: `"3f2a…"`.
    public let etag: String
    public let caching: Caching
    /// Sent with `Access-Control-Allow-Origin: *`: data other sites' viewers read (IIIF).
    public let crossOrigin: Bool

    /// `compressor` may have compressed other pages before: rendering reuses one per thread.
    /// Without one, a page that is worth compressing gets its own.
    init(contentType: String, body: [UInt8], caching: Caching, compressor: Gzip? = nil, crossOrigin: Bool = false) {
        self.contentType = contentType
        self.crossOrigin = crossOrigin
        self.body = body
        self.caching = caching
        etag = "\"\(ContentHash.hex(body))\""
        let compressible = contentType.hasPrefix("text/") || contentType.hasPrefix("image/svg")
            || contentType.hasPrefix("application/json") || contentType.hasPrefix("application/ld+json") || contentType.hasPrefix("application/manifest")
        if compressible, body.count > 256 {
            let compressed = (compressor ?? Gzip()).compress(body)
            gzip = !compressed.isEmpty && compressed.count < body.count ? compressed : nil
        } else {
            gzip = nil
        }
    }
}
