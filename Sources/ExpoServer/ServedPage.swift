import ExpoSite
import HTTPTypes
import NIOCore

/// A page ready to send: its header lines and body laid out once as bytes, so that a
/// request costs a lookup and a reference to them, nothing more.
struct ServedPage: Sendable {
    struct Representation: Sendable {
        /// The header lines, the blank line after them, and the body.
        let prepared: ByteBuffer
        /// How many of `prepared`'s bytes are header lines; a HEAD answer sends only those.
        let headLength: Int
        /// The same headers, for answers that add to them (a cookie, a 304).
        let headers: HTTPFields

        init(headers: HTTPFields, body: [UInt8]) {
            var headers = headers
            headers[.contentLength] = String(body.count)
            (prepared, headLength) = HTTPWire.headersAndBody(headers, body: body)
            self.headers = headers
        }

        var headOnly: ByteBuffer { prepared.getSlice(at: prepared.readerIndex, length: headLength)! }

        var body: [UInt8] { prepared.getBytes(at: prepared.readerIndex + headLength, length: prepared.readableBytes - headLength)! }
    }

    let identity: Representation
    let gzip: Representation?
    let etags: Set<Substring>

    /// The bytes it holds, for the cache's budget.
    var byteCount: Int { identity.prepared.readableBytes + (gzip?.prepared.readableBytes ?? 0) }

    /// `varyBy` names request headers, besides Accept-Encoding, that change the answer.
    init(_ page: Page, varyBy: [String] = []) {
        var common = SecurityHeaders.all
        common[.contentType] = page.contentType
        common[.cacheControl] = switch page.caching {
        case .revalidate: "no-cache"
        case .immutable: "public, max-age=31536000, immutable"
        }
        if page.crossOrigin { common[HTTPField.Name("Access-Control-Allow-Origin")!] = "*" }
        let vary = ((page.gzip != nil ? ["Accept-Encoding"] : []) + varyBy).joined(separator: ", ")
        if !vary.isEmpty { common[.vary] = vary }
        var identityHeaders = common
        identityHeaders[.eTag] = page.etag
        identity = Representation(headers: identityHeaders, body: page.body)
        if let compressed = page.gzip {
            // A strong ETag names one representation, so the gzip one gets its own.
            let gzipTag = String(page.etag.dropLast()) + "-gz\""
            var headers = common
            headers[.eTag] = gzipTag
            headers[.contentEncoding] = "gzip"
            gzip = Representation(headers: headers, body: compressed)
            etags = [Substring(page.etag), Substring(gzipTag)]
        } else {
            gzip = nil
            etags = [Substring(page.etag)]
        }
    }
}
