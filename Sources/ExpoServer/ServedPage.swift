import ExpoSite
import HTTPTypes
import NIOCore

/// A page ready to send: its bytes in NIO buffers and its headers built once, so that a
/// request costs a lookup and a copy-on-write reference, nothing more.
struct ServedPage: Sendable {
    struct Representation: Sendable {
        let body: ByteBuffer
        let headers: HTTPFields
    }

    let identity: Representation
    let gzip: Representation?
    let etags: Set<Substring>

    /// `varyBy` names request headers, besides Accept-Encoding, that change the answer.
    init(_ page: Page, varyBy: [String] = []) {
        var common = SecurityHeaders.all
        common[.contentType] = page.contentType
        common[.cacheControl] = switch page.caching {
        case .revalidate: "no-cache"
        case .immutable: "public, max-age=31536000, immutable"
        }
        let vary = ((page.gzip != nil ? ["Accept-Encoding"] : []) + varyBy).joined(separator: ", ")
        if !vary.isEmpty { common[.vary] = vary }
        var identityHeaders = common
        identityHeaders[.eTag] = page.etag
        identity = Representation(body: ByteBuffer(bytes: page.body), headers: identityHeaders)
        if let compressed = page.gzip {
            // A strong ETag names one representation, so the gzip one gets its own.
            let gzipTag = String(page.etag.dropLast()) + "-gz\""
            var headers = common
            headers[.eTag] = gzipTag
            headers[.contentEncoding] = "gzip"
            gzip = Representation(body: ByteBuffer(bytes: compressed), headers: headers)
            etags = [Substring(page.etag), Substring(gzipTag)]
        } else {
            gzip = nil
            etags = [Substring(page.etag)]
        }
    }
}
