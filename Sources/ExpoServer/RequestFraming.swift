import HTTPTypes
import NIOHTTP1

/// Whether a request's body can be found the way RFC 9112 says (§6.1, §6.3). The guide
/// reads no body, but it must know where one ends to find the next request; when it cannot,
/// nothing after it on the connection can be trusted.
enum RequestFraming {
    /// Codings a sender may apply before `chunked`: registered, and harmless here because the
    /// body is skipped, never decoded.
    private static let known: Set<String> = ["gzip", "x-gzip", "deflate", "compress", "x-compress"]

    /// nil when the body's end can be found; else the status to refuse the request with.
    static func refusal(_ head: HTTPRequestHead) -> HTTPResponse.Status? {
        let values = head.headers["transfer-encoding"]
        guard !values.isEmpty else { return nil }
        // A request with both lengths might be smuggling a second one (§6.3, 3).
        if head.headers.contains(name: "content-length") { return .badRequest }
        let codings = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        // Without chunked last, or with it twice, the body's end cannot be found (§6.3, 4; §6.1).
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else { return .badRequest }
        let others = codings.dropLast()
        if others.contains(where: \.isEmpty) { return .badRequest }
        // A coding the server does not know: 501, as §6.1 asks.
        return others.allSatisfy(known.contains) ? nil : .notImplemented
    }
}
