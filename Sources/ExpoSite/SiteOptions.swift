/// How a site is rendered: where it will be hosted.
public struct SiteOptions: Sendable, Equatable {
    /// The path the site lives under, starting and ending with "/" (`/`, `/expo1900/`).
    public var basePath: String
    /// Rows per list page: a longer list continues on `/items/page/2/` and so on, so that
    /// no page grows without bound.
    public var exhibitsPerPage: Int

    public init(basePath: String = "/", exhibitsPerPage: Int = 100) {
        self.exhibitsPerPage = max(1, exhibitsPerPage)
        var path = basePath.hasPrefix("/") ? basePath : "/" + basePath
        if !path.hasSuffix("/") { path += "/" }
        self.basePath = path
    }
}
