import ExpoCatalog

/// What every page has around its screen: document language and title, the stylesheet
/// and script, the skip link and the switch to the other languages.
struct PageFrame: Sendable {
    struct LanguageLink: Sendable {
        var label: String
        var href: String
        var lang: String
        var dir: String
        /// The page's own language, marked `aria-current` in the menu.
        var current: Bool
    }

    struct Alternate: Sendable {
        var lang: String
        var href: String
    }

    var lang: String
    var dir: String
    /// The page's own copy of the security policy, for hosts that send no headers.
    var contentSecurityPolicy = SecurityPolicy.pagePolicy
    var documentTitle: String
    var description: String
    /// The stylesheet, script, icons and manifest: the same lines on every page of the language.
    var headLinks: HTML
    var offlineNotice: String
    var skipToContent: String
    var languageSwitchLabel: String
    /// Every language, the page's own included: the menu of a catalog with more than two.
    var languageLinks: [LanguageLink]
    /// Two languages need one link to the other, not a menu.
    var otherLanguageLinks: [LanguageLink]
    var languageMenu: Bool
    var currentLanguage: LanguageLink?
    var alternates: [Alternate]
    var screenClass: String
    var sharing: SharingMetadata
    /// schema.org JSON-LD, already escaped for a script element.
    var structuredData: HTML?
    /// The exhibit's IIIF manifest, for viewers and collections that read IIIF.
    var iiifManifest: String?
    /// Kept out of search engines: the curators' label sheets.
    var noindex = false
    /// A stylesheet only this page needs, after the guide's own (the wall labels').
    var pageStylesheet: String?

    /// `shareImage` names the catalog image a shared link shows (the app icon when nil or a drawing).
    /// `canonicalPath`: the page this one shows again (an exhibit reached through a tour).
    init(language: Language, title: String, description: String, screenClass: String,
         pathIn: (Language) -> String, languages: [Language], routes: Routes, assets: SiteAssets,
         shareImage: String? = nil, shareImageAlt: String = "", type: String = "website",
         structuredData: ((SiteAssets.ShareImage) -> String)? = nil, iiifManifest: String? = nil, canonicalPath: String? = nil) {
        let strings = assets.strings(language)
        lang = language.code
        dir = strings.direction
        documentTitle = title
        self.description = description
        headLinks = assets.headLinks(language)
        if let origin = assets.counting?.remoteOrigin { contentSecurityPolicy = SecurityPolicy.pagePolicy(beaconsTo: origin) }
        offlineNotice = strings.offlineNotice
        skipToContent = strings.skipToContent
        languageSwitchLabel = strings.languageSwitchLabel
        self.screenClass = screenClass
        // The switch names each other language in that language; `?lang=` lets the server
        // remember the choice in a cookie, and static hosts simply ignore it.
        languageLinks = languages.map { other in
            let words = assets.strings(other)
            return LanguageLink(label: words.languageName, href: routes.link(pathIn(other)) + "?lang=\(other.code)",
                                lang: other.code, dir: words.direction, current: other == language)
        }
        otherLanguageLinks = languageLinks.filter { !$0.current }
        languageMenu = languages.count > 2
        currentLanguage = languageLinks.first(where: \.current)
        alternates = languages.map { Alternate(lang: $0.code, href: routes.link(pathIn($0))) }
        let image = shareImage.map(assets.shareImage) ?? assets.shareImage("")
        sharing = SharingMetadata(title: title, description: description, type: type, path: pathIn(language), image: image,
                                  imageAlt: image.isIcon ? strings.siteName : shareImageAlt,
                                  language: language, languages: languages, routes: routes, assets: assets,
                                  canonicalPath: canonicalPath)
        self.structuredData = structuredData.map { HTML($0(image)) }
        self.iiifManifest = iiifManifest
    }
}

/// The navigation bar of screens 2 and 3: a back link titled like the previous screen, and
/// the screen's title.
struct NavigationBar: Sendable {
    var title: String
    /// The title's language when it is not the page's (an untranslated exhibit name).
    var titleLang: String? = nil
    var backLabel: String
    var backHref: String

    init(title: String, titleLang: String? = nil, backLabel: String, backHref: String) {
        self.title = title
        self.titleLang = titleLang
        self.backLabel = backLabel
        self.backHref = backHref
    }
}

extension PageFrame: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("lang", \.lang),
        .field("dir", \.dir),
        .field("contentSecurityPolicy", \.contentSecurityPolicy),
        .field("documentTitle", \.documentTitle),
        .field("description", \.description),
        .field("headLinks", \.headLinks),
        .field("offlineNotice", \.offlineNotice),
        .field("skipToContent", \.skipToContent),
        .field("languageSwitchLabel", \.languageSwitchLabel),
        .field("languageLinks", \.languageLinks),
        .field("otherLanguageLinks", \.otherLanguageLinks),
        .field("languageMenu", \.languageMenu),
        .field("currentLanguage", \.currentLanguage),
        .field("alternates", \.alternates),
        .field("screenClass", \.screenClass),
        .field("sharing", \.sharing),
        .field("structuredData", \.structuredData),
        .field("iiifManifest", \.iiifManifest),
        .field("noindex", \.noindex),
        .field("pageStylesheet", \.pageStylesheet),
    ]
}

extension PageFrame.LanguageLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
        .field("lang", \.lang),
        .field("dir", \.dir),
        .field("current", \.current),
    ]
}

extension PageFrame.Alternate: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("lang", \.lang),
        .field("href", \.href),
    ]
}

extension NavigationBar: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("title", \.title),
        .field("titleLang", \.titleLang),
        .field("backLabel", \.backLabel),
        .field("backHref", \.backHref),
    ]
}
