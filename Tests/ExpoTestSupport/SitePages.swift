import ExpoSite

extension Site {
    /// Every page of the site, made now: what an export writes, for tests to look through.
    public func allPages() throws -> [String: Page] {
        var pages: [String: Page] = [:]
        for path in paths { pages[path] = try page(at: path) }
        return pages
    }
}
