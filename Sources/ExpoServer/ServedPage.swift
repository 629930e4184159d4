import ExpoImages
import ExpoSite
import HTTPTypes
import NIOCore

/// A page ready to send: the header lines of each of its representations laid out once as
/// bytes, and the one form of its body the site holds, shared with the site rather than
/// copied. A request costs a lookup and references to them, nothing more; only a client
/// that does not take gzip needs a compressed page's body worked out again (`ServedSite`).
/// A class, so that taking a page for a request is one retain, not one for each of its
/// buffers, header lists and tags: copying it as a struct was about 2 % of the server's time.
final class ServedPage: Sendable {
    struct Representation: Sendable {
        /// The header lines and the blank line after them; a HEAD answer sends only these.
        let head: ByteBuffer
        /// The same headers, for answers that add to them (a cookie, a 304).
        let headers: HTTPFields

        init(headers: HTTPFields, length: Int) {
            var headers = headers
            headers[.contentLength] = String(length)
            head = HTTPWire.head(headers)
            self.headers = headers
        }
    }

    let identity: Representation
    /// Present when the page is held compressed.
    let gzip: Representation?
    /// The gzip body when there is a `gzip` representation, else the identity body.
    let held: ByteBuffer
    let identityLength: Int
    /// The identity representation's ETag, which names its bytes.
    let etag: String
    let etags: Set<Substring>
    /// Set for the pages whose views are counted (exhibits, tour stops, the exposition).
    let counters: ViewCounters?
    /// The route a view counts under when this page linked to it (the list's: `list`),
    /// worked out once, as a request's `Referer` names it over and over.
    let leadsIn: UsageEntry?
    /// A made recording or video: its body is this file, sent from disk; `held` is empty.
    let file: MediaFile?
    /// That file, kept open while the page is served.
    let openFile: OpenMedia?

    /// The bytes it holds, for the cache's budget: what its buffers take, not only what they hold.
    var byteCount: Int { held.capacity + identity.head.capacity + (gzip?.head.capacity ?? 0) }

    /// `varyBy` names request headers, besides Accept-Encoding, that change the answer.
    init(_ page: Page, varyBy: [String] = [], counted: CountedPage? = nil, leadsIn: UsageEntry? = nil) {
        counters = counted.map(ViewCounters.init)
        self.leadsIn = leadsIn
        var common = SecurityHeaders.all
        common[.contentType] = page.contentType
        // Safari plays media only from a server that answers ranges, and asks first.
        common[.acceptRanges] = "bytes"
        common[.cacheControl] = switch page.caching {
        case .revalidate: "no-cache"
        case .immutable: "public, max-age=31536000, immutable"
        }
        if page.crossOrigin { common[HTTPField.Name("Access-Control-Allow-Origin")!] = "*" }
        let vary = ((page.isCompressed ? ["Accept-Encoding"] : []) + varyBy).joined(separator: ", ")
        if !vary.isEmpty { common[.vary] = vary }
        var identityHeaders = common
        identityHeaders[.eTag] = page.etag
        identity = Representation(headers: identityHeaders, length: page.bodyLength)
        held = page.held
        file = page.file
        openFile = page.file.map { OpenMedia(path: $0.url.path) }
        identityLength = page.bodyLength
        etag = page.etag
        if page.isCompressed {
            // A strong ETag names one representation, so the gzip one gets its own.
            let gzipTag = String(page.etag.dropLast()) + "-gz\""
            var headers = common
            headers[.eTag] = gzipTag
            headers[.contentEncoding] = "gzip"
            gzip = Representation(headers: headers, length: page.held.readableBytes)
            etags = [Substring(page.etag), Substring(gzipTag)]
        } else {
            gzip = nil
            etags = [Substring(page.etag)]
        }
    }
}
