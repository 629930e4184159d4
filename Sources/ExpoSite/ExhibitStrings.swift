/// The exhibit screen's texts for its gallery, facts and image viewer.
public struct ExhibitStrings: Sendable {
    public var moreImages: String
    /// Said after an image's alt text on the link that opens the viewer.
    public var viewLarger: String
    public var imageDescription: String
    public var aboutObject: String
    public var date: String
    public var maker: String
    public var material: String
    public var dimensions: String
    public var place: String
    public var creditLine: String
    public var rights: String
    /// The label of the link back to the record's origin (`source`).
    public var source: String
    public var iiifManifest: String
    public var viewer: String
    public var close: String
    public var zoomIn: String
    public var zoomOut: String
    /// "Zoom 250%", said to screen readers when the zoom settles; `{percent}` is replaced in the browser.
    public var zoomLevel: String
    public var resetZoom: String
    public var previousImage: String
    public var nextImage: String
    /// "2 of 3"; `{n}` and `{count}` are replaced in the browser.
    public var imageOf: String

    /// The label of each fixed fact, by its catalog key.
    func label(forFact key: String) -> String {
        switch key {
        case "date": date
        case "maker": maker
        case "material": material
        case "dimensions": dimensions
        case "place": place
        case "credit_line": creditLine
        case "rights": rights
        default: source
        }
    }
}

extension ExhibitStrings: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("moreImages", \.moreImages),
        .field("viewLarger", \.viewLarger),
        .field("imageDescription", \.imageDescription),
        .field("aboutObject", \.aboutObject),
        .field("date", \.date),
        .field("maker", \.maker),
        .field("material", \.material),
        .field("dimensions", \.dimensions),
        .field("place", \.place),
        .field("creditLine", \.creditLine),
        .field("rights", \.rights),
        .field("source", \.source),
        .field("iiifManifest", \.iiifManifest),
        .field("viewer", \.viewer),
        .field("close", \.close),
        .field("zoomIn", \.zoomIn),
        .field("zoomOut", \.zoomOut),
        .field("zoomLevel", \.zoomLevel),
        .field("resetZoom", \.resetZoom),
        .field("previousImage", \.previousImage),
        .field("nextImage", \.nextImage),
        .field("imageOf", \.imageOf),
    ]
}
