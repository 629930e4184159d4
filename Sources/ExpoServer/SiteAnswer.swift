import HTTPTypes
import NIOCore

/// What the server sends for one request, short of the status line and Date: the header
/// lines with the blank line after them, then the body when there is one (HEAD, 304 and
/// redirects have none). For a page both are buffers laid out when the site was loaded:
/// sending them copies nothing.
struct SiteAnswer {
    let status: HTTPResponse.Status
    let head: ByteBuffer
    let body: ByteBuffer?
    /// The body as a part of a file on disk, sent by the kernel (`sendfile`) straight from
    /// the page cache to the socket: a recording or a video, never read into memory.
    let file: FilePart?

    /// Bytes `offset ..< offset + count` of the file at `path`, kept open in `open` when its page is served.
    struct FilePart {
        let path: String
        let offset: Int
        let count: Int
        var open: OpenMedia?
    }

    init(_ status: HTTPResponse.Status, head: ByteBuffer, body: ByteBuffer?) {
        self.status = status
        self.head = head
        self.body = body
        file = nil
    }

    /// Headers laid out, with the body from a file.
    init(_ status: HTTPResponse.Status, head: ByteBuffer, file: FilePart) {
        self.status = status
        self.head = head
        body = nil
        self.file = file
    }

    /// An answer put together for this request, for the rarer cases. Without a body, the
    /// headers' Content-Length stays as it is: a HEAD's is the length a GET would get.
    init(_ status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer?) {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        self.init(status, head: HTTPWire.head(headers), body: body)
    }

    /// An answer put together for this request whose body, empty by default, says so.
    init(_ status: HTTPResponse.Status, headers: HTTPFields, body: [UInt8] = []) {
        var headers = headers
        headers[.contentLength] = String(body.count)
        self.init(status, head: HTTPWire.head(headers), body: body.isEmpty ? nil : ByteBuffer(bytes: body))
    }

    /// A short answer in plain text, with the security headers and any `extra` ones: the
    /// refusals and failures a person may read.
    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.contentType] = "text/plain; charset=utf-8"
        headers.append(contentsOf: extra)
        return SiteAnswer(status, headers: headers, body: Array(text.utf8))
    }

    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
