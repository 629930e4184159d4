import HTTPTypes
import NIOCore

/// What the server sends for one request, short of the status line and Date: the header
/// lines, the blank line, and the body when there is one (HEAD, 304 and redirects have
/// none). For a page this is a slice of bytes laid out when the site was loaded.
struct SiteAnswer {
    let status: HTTPResponse.Status
    let headersAndBody: ByteBuffer

    init(_ status: HTTPResponse.Status, prepared: ByteBuffer) {
        self.status = status
        headersAndBody = prepared
    }

    /// An answer put together for this request, for the rarer cases.
    init(_ status: HTTPResponse.Status, headers: HTTPFields, body: [UInt8] = []) {
        var headers = headers
        headers[.contentLength] = String(body.count)
        self.status = status
        headersAndBody = HTTPWire.headersAndBody(headers, body: body).bytes
    }
}
