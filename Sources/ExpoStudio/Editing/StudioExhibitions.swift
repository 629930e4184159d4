import Foundation

/// The exhibitions of a studio over a folder of them (`studio --catalogs`), as they are now:
/// exhibitions come and go while it runs.
public protocol StudioExhibitions: Sendable {
    /// Every exhibition in the museum's order, each with its guide, or nil when its catalog
    /// cannot be loaded now.
    func exhibitions() -> [StudioExhibition]
    /// The folder the exhibitions are in: a new one is written there.
    var root: URL { get }
    /// Names the catalog written at `staged` (a hidden folder in `root`) `name`, and serves
    /// it; nil once it is served, else why not (the folder is then taken away again).
    func add(_ name: String, from staged: URL) -> String?
    /// Imports the IIIF collection or manifest at `address` (http or https) into `folder`, as
    /// `expo1900 import iiif` does, with its limits; nil when done, else why not.
    func importIIIF(from address: String, into folder: URL) async -> String?
    /// The stored counts of exhibition `name`; nil when the museum does not count, or its
    /// file cannot be opened.
    func counts(of name: String) -> UsageStore?
    /// Whether the museum counts how its exhibitions are used.
    var keepsCounts: Bool { get }
}

public struct StudioExhibition: Sendable {
    /// The folder's name, which is its path: `/NAME/`, `/studio/e/NAME/`.
    public let name: String
    public let guide: (any StudioGuide)?

    public init(name: String, guide: (any StudioGuide)?) {
        self.name = name
        self.guide = guide
    }
}
