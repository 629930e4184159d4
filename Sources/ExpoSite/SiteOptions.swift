/// How a site is rendered: where it will be hosted.
public struct SiteOptions: Sendable, Equatable {
    /// The path the site lives under, starting and ending with "/" (`/`, `/expo1900/`).
    public var basePath: String

    public init(basePath: String = "/") {
        var path = basePath.hasPrefix("/") ? basePath : "/" + basePath
        if !path.hasSuffix("/") { path += "/" }
        self.basePath = path
    }
}
