import HummingbirdCore
import Testing
@testable import ExpoServer

/// The path and query cut by hand are those Hummingbird's `URI` reads, whatever the address.
@Suite struct RequestTargetTests {
    @Test(arguments: ["/", "/items/", "/items/jikji/?lang=en", "/search/?q=ga+ya%EA%B8%88&lang=ko", "/a?", "/a??b", "/a?b#c", "/a#b?c",
                      "/a#b", "/%EA%B8%88/", "//x", "/?", "*", "", "http://host:8080/items/?lang=en", "http://host", "items/?a=b"])
    func readsAnAddressAsURIDoes(_ address: String) {
        let target = RequestTarget(address), uri = URI(address)
        #expect(target.path == uri.path, "\(address)")
        #expect(target.query == uri.query, "\(address)")
        #expect(target.queryParameters["lang"] == uri.queryParameters["lang"], "\(address)")
    }
}
