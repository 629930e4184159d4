import ExpoCatalog
import Foundation

/// The web app manifest of one language: what a phone needs to install the guide on its
/// home screen and open it standalone.
struct WebManifest: Encodable {
    struct Icon: Encodable {
        var src: String
        var sizes: String
        var type = "image/png"
        var purpose: String
    }

    struct Colors: Encodable {
        var theme_color: String
        var background_color: String
    }

    struct Preferences: Encodable {
        var color_scheme_dark: Colors
    }

    var id: String
    var name: String
    var short_name: String
    var description: String
    var lang: String
    var dir = "ltr"
    var start_url: String
    var scope: String
    var display = "standalone"
    var theme_color = "#f2f2f7"
    var background_color = "#f2f2f7"
    /// Dark colours for browsers that read them; the others use the light ones.
    var user_preferences = Preferences(color_scheme_dark: Colors(theme_color: "#000000", background_color: "#000000"))
    var icons: [Icon]

    init(strings: UIStrings, title: String, basePath: String, startURL: String, icons: SiteAssets.Icons) {
        let language = strings.language
        id = basePath
        name = "\(strings.siteName): \(title)"
        short_name = strings.siteName
        description = strings.appDescription
        lang = language.code
        dir = strings.direction
        start_url = startURL
        scope = basePath
        self.icons = [
            Icon(src: icons.icon192, sizes: "192x192", purpose: "any"),
            Icon(src: icons.icon512, sizes: "512x512", purpose: "any"),
            Icon(src: icons.maskable512, sizes: "512x512", purpose: "maskable"),
        ]
    }

    func bytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }
}
