/// Where a studio's pages are, and the guide they edit: `/studio/` and `/` for the one
/// catalog of `studio --catalog`; `/studio/e/NAME/` and `/NAME/` for an exhibition of a
/// folder (`studio --catalogs`). The login, the accounts, the audit log of all and the
/// assets are the museum's, always at `/studio/`.
public struct StudioPaths: Sendable, Equatable {
    /// The studio's own root, and the museum's pages in a studio of several exhibitions.
    public static let root = "/studio/"
    /// Where an exhibition's studio pages begin: `/studio/e/NAME/`.
    static let exhibitionsPrefix = "/studio/e/"

    /// Ends with `/`.
    public let base: String
    /// The public guide's first page.
    public let guide: String
    /// The exhibition's name, or nil for the one catalog and the museum's own pages.
    public let exhibition: String?
    /// Whether the studio serves a folder of exhibitions (`studio --catalogs`).
    public let inMuseum: Bool
    /// Whether its counts are kept, so that its menu leads to them.
    var keepsCounts = true

    /// The studio of one catalog.
    public static let catalog = StudioPaths(base: root, guide: "/", exhibition: nil, inMuseum: false)
    /// The museum's own pages in a studio of several exhibitions: which ones, the accounts.
    public static let museum = StudioPaths(base: root, guide: "/", exhibition: nil, inMuseum: true)

    public static func exhibition(_ name: String) -> StudioPaths {
        StudioPaths(base: exhibitionsPrefix + name + "/", guide: "/\(name)/", exhibition: name, inMuseum: true)
    }

    /// The museum's own pages, where a studio of several exhibitions lists them.
    var isMuseum: Bool { inMuseum && exhibition == nil }

    /// The preview of the drafts, and of a spreadsheet not taken yet.
    public var preview: String { base + "preview/" }
    public var importPreview: String { base + "import/preview/" }

    /// The pages of the request being answered. The studio's routes and pages are the same
    /// for every exhibition; only where they are differs, so it travels with the request (set
    /// by `StudioRoutes` around its answer) rather than through every function that makes a
    /// link.
    @TaskLocal public static var current = StudioPaths.catalog

    /// `rest` under the current request's studio pages: `here("exhibits")`.
    static func here(_ rest: String) -> String { current.base + rest }
}
