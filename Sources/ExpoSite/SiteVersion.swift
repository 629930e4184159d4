import ExpoCatalog
import ExpoImages

/// The fingerprint that names a site's service-worker cache, worked out from what the
/// pages are made of rather than from the pages themselves, which a large site makes only
/// when they are asked for.
enum SiteVersion {
    static func of(_ catalog: Catalog, resources: SiteResources, options: SiteOptions, madePages: [String: Page]) -> String {
        var text = "catalog \(catalog.fingerprint)\ntemplates \(resources.fingerprint)\n"
        text += "options \(options.basePath) \(options.origin ?? "") \(options.localOrigin ?? "") \(options.exhibitsPerPage) "
            + "\(options.preview.map { "\($0.generation) \($0.eventsPath)" } ?? "") \(options.museumFront ?? "")\n"
        if !options.serverPaths.isEmpty { text += "server paths \(options.serverPaths.joined(separator: " "))\n" }
        for language in catalog.languages {
            let words = catalog.interfaceText(language)
            text += "interface \(language.code) " + words.texts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1F}")
                + " \(words.months.joined(separator: "\u{1F}"))\n"
        }
        // The made pages carry every asset's content hash: the stylesheet, scripts, icons
        // and each image rendition.
        for (path, page) in madePages.sorted(by: { $0.key < $1.key }) where path != Routes.serviceWorker {
            text += "\(path) \(page.etag)\n"
        }
        return ContentHash.hex(Array(text.utf8))
    }
}
