import ExpoCatalog

/// What a link to the page shows when it is shared (Open Graph and Twitter card tags),
/// and the page's canonical address. Links are absolute when the site's origin is known.
struct SharingMetadata: Sendable {
    var type: String
    var url: String?
    var image: String
    var imageWidth: Int?
    var imageHeight: Int?
    var imageAlt: String
    var locale: String
    var alternateLocales: [String]
    var siteName: String
    /// A large image card when there is a photo or drawing to show, else the small one.
    var twitterCard: String

    init(type: String, path: String, image: SiteAssets.ShareImage, imageAlt: String, language: Language,
         languages: [Language], routes: Routes) {
        self.type = type
        url = routes.origin.map { _ in routes.absolute(link: routes.link(path)) }
        self.image = routes.absolute(link: image.link)
        imageWidth = image.width
        imageHeight = image.height
        self.imageAlt = imageAlt
        locale = UIStrings.forLanguage(language).openGraphLocale
        alternateLocales = languages.filter { $0 != language }.map { UIStrings.forLanguage($0).openGraphLocale }
        siteName = UIStrings.forLanguage(language).siteName
        twitterCard = image.isIcon ? "summary" : "summary_large_image"
    }
}
