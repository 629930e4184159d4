import ExpoImages
import Foundation

/// The templates, stylesheet and script that ship with the program.
struct SiteResources: Sendable {
    static let templateNames = ["layout", "navigation-bar", "language-switch", "image", "figure",
                                "exposition", "exhibit-list", "exhibit", "not-found", "page-actions",
                                "breadcrumbs", "pagination", "exhibit-row", "browse", "facet", "facet-value",
                                "labels", "poster", "label-toolbar", "qr-code"]
        + ["stop-form", "stop-badge", "stops", "stop-redirect"]
        + ["tours", "tour", "tour-nav", "home-link"]
        + ["map", "floor-plan", "exhibit-location"]
        + ["audio-guide", "video", "easy-read", "media-save", "guide-choice", "front"]

    var templates: TemplateLibrary
    var stylesheet: [UInt8]
    /// The rules for a browser that runs no script, linked inside `<noscript>`.
    var noscriptStylesheet: [UInt8] = []
    /// The rules of the wall labels and the poster, linked from those pages only.
    var labelsStylesheet: [UInt8] = []
    var script: [UInt8]
    var serviceWorker: [UInt8]
    /// The live preview's script, only on pages of `serve --watch`.
    var previewScript: [UInt8]
    /// Icon file name → PNG bytes (made once from the SVGs by scripts/make-icons).
    var icons: [String: [UInt8]]
    /// A fingerprint of the templates' text (the assets carry their own in their names).
    var fingerprint = ""

    /// The script's parts, one file each, served as one file in this order.
    static let scriptParts = ["app.js", "usage.js", "search.js", "speech.js", "share.js", "viewer.js", "audio.js", "offline-save.js"]
        + ["stops.js", "versions.js", "video.js"]

    static let iconNames = ["icon-192", "icon-512", "icon-maskable-512", "apple-touch-icon"]

    static func bundled() throws(SiteError) -> SiteResources {
        try readOnce.get()
    }

    /// Read and parsed once per process: the bundle does not change while the program runs,
    /// and twenty exhibitions each reading their own copy held 10 MB of the same bytes.
    private static let readOnce = Result { () throws(SiteError) -> SiteResources in try read() }

    private static func read() throws(SiteError) -> SiteResources {
        guard let root = Bundle.module.resourceURL else { throw .resourceMissing("bundle") }
        func read(_ path: String) throws(SiteError) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                throw .resourceMissing(path)
            }
            return [UInt8](data)
        }
        var sources: [(name: String, text: String)] = []
        for name in templateNames {
            sources.append((name, String(decoding: try read("Templates/\(name).mustache"), as: UTF8.self)))
        }
        let templates = try TemplateLibrary(sources, pages: [
            "exposition": ExpositionScreen.templateFields.kinds,
            "exhibit-list": ExhibitListScreen.templateFields.kinds,
            "exhibit": ExhibitScreen.templateFields.kinds,
            "not-found": NotFoundScreen.templateFields.kinds,
            "page-actions": PageActions.templateFields.kinds,
            "browse": BrowseScreen.templateFields.kinds,
            "facet": FacetScreen.templateFields.kinds,
            "facet-value": FacetValueScreen.templateFields.kinds,
            "labels": LabelSheet.templateFields.kinds,
            "poster": PosterScreen.templateFields.kinds,
            "stops": StopsScreen.templateFields.kinds,
            "stop-redirect": StopRedirect.templateFields.kinds,
            "tours": TourListScreen.templateFields.kinds,
            "tour": TourScreen.templateFields.kinds,
            "map": MapScreen.templateFields.kinds,
            "front": FrontScreen.templateFields.kinds,
        ])
        var icons: [String: [UInt8]] = [:]
        for name in iconNames { icons[name] = try read("Icons/\(name).png") }
        var script: [UInt8] = []
        for part in scriptParts { script += try read("Assets/\(part)") + Array("\n".utf8) }
        return SiteResources(templates: templates, stylesheet: try read("Assets/style.css"), noscriptStylesheet: try read("Assets/noscript.css"),
                             labelsStylesheet: try read("Assets/labels.css"), script: script,
                             serviceWorker: try read("Assets/sw.js"), previewScript: try read("Assets/preview.js"), icons: icons,
                             fingerprint: ContentHash.hex(Array(sources.map { "\($0.name)\n\($0.text)" }.joined(separator: "\u{1F}").utf8)))
    }

    func render(_ screen: some TemplateObject, with template: String) throws(SiteError) -> [UInt8] {
        try templates.render(screen, with: template)
    }
}
