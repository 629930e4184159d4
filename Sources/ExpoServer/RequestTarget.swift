import HummingbirdCore

/// The path and query of a request's address, as Hummingbird's `URI` reads them. The usual
/// form (`/items/jikji/?lang=en`) is cut at its `?` by hand: parsing it as a `URI`, then
/// copying and freeing that, was about 3 % of the server's time for each page it answered.
/// Any other form (`http://host/path`, from a client that sends one) goes through `URI`.
struct RequestTarget {
    let path: String
    /// What follows the `?`, up to any `#`; nil without a `?`.
    let query: String?
    private let uri: String

    init(_ uri: String) {
        self.uri = uri
        let bytes = uri.utf8
        guard bytes.first == UInt8(ascii: "/") else {
            let parsed = URI(uri)
            (path, query) = (parsed.path, parsed.query)
            return
        }
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            (path, query) = (uri, nil)
            return
        }
        path = String(uri[..<mark])
        let rest = uri[bytes.index(after: mark)...]
        query = String(rest.utf8.firstIndex(of: UInt8(ascii: "#")).map { rest[..<$0] } ?? rest)
    }

    /// The query's fields, their values percent-decoded.
    var queryParameters: FlatDictionary<Substring, Substring> { URI(uri).queryParameters }
}
