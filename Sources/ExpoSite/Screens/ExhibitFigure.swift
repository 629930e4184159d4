import ExpoCatalog

/// One of an exhibit's images on its screen: the picture, a link to its largest size
/// (the viewer opens from it; without JavaScript it is a plain link), its caption and
/// credit, and the long description for people who cannot see it.
struct ExhibitFigure: Sendable {
    var image: ImageModel
    /// The largest file, or nil for a placeholder.
    var zoomHref: String?
    /// The photo's deep-zoom tiles, which the viewer loads as it zooms past the largest file.
    var tiles: PictureTiles?
    var viewLarger: String
    /// nil when the catalog gives none.
    var caption: String?
    var credit: String?
    var hasCaption: Bool
    /// Not read aloud with the page: it sits in a disclosure the visitor opens.
    var visualDescription: HTML?
    var descriptionLabel: String
    /// The primary language, on a caption or description that stands in for a translation.
    var captionLang: String?
    var descriptionLang: String?

    init(_ exhibitImage: ExhibitImage, exhibitName: String, picture: Picture?, cssClass: String, slot: String,
         first: Bool, strings: ExhibitStrings, borrowed: (String) -> String? = { _ in nil }) {
        let alt = exhibitImage.givenAlt ?? (exhibitImage.caption.isEmpty ? exhibitName : exhibitImage.caption)
        image = ImageModel(picture, alt: alt, cssClass: cssClass, slot: slot, lazy: !first, priority: first,
                           placeholderText: exhibitName)
        // An alt that stands in for a translation says so; one made from the caption or name follows them.
        image.altLang = exhibitImage.givenAlt != nil ? borrowed("\(exhibitImage.name)/alt")
            : exhibitImage.caption.isEmpty ? borrowed("name") : borrowed("\(exhibitImage.name)/caption")
        zoomHref = image.isPlaceholder ? nil : picture?.largest
        tiles = image.isPlaceholder ? nil : picture?.tiles
        viewLarger = strings.viewLarger
        caption = exhibitImage.caption.isEmpty ? nil : exhibitImage.caption
        credit = exhibitImage.credit.isEmpty ? nil : exhibitImage.credit
        hasCaption = caption != nil || credit != nil
        visualDescription = exhibitImage.visualDescription.isEmpty ? nil : Prose.html(exhibitImage.visualDescription, readAloud: false)
        descriptionLabel = strings.imageDescription
        captionLang = borrowed("\(exhibitImage.name)/caption") ?? borrowed("\(exhibitImage.name)/credit")
        descriptionLang = borrowed("\(exhibitImage.name)/visual_description")
    }
}

extension ExhibitFigure: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("image", \.image),
        .field("zoomHref", \.zoomHref),
        .field("tiles", \.tiles),
        .field("viewLarger", \.viewLarger),
        .field("caption", \.caption),
        .field("credit", \.credit),
        .field("hasCaption", \.hasCaption),
        .field("visualDescription", \.visualDescription),
        .field("descriptionLabel", \.descriptionLabel),
        .field("captionLang", \.captionLang),
        .field("descriptionLang", \.descriptionLang),
    ]
}
