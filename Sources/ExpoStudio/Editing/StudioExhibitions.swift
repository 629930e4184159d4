/// The exhibitions of a studio over a folder of them (`studio --catalogs`), as they are now:
/// exhibitions come and go while it runs.
public protocol StudioExhibitions: Sendable {
    /// Every exhibition in the museum's order, each with its guide, or nil when its catalog
    /// cannot be loaded now.
    func exhibitions() -> [StudioExhibition]
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
