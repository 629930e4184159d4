import ExpoSite
import Foundation

/// The studio's templates (`Resources/Templates`), read through the guide's own renderer:
/// every text escaped, ready-made HTML a type of its own, and every name a template uses
/// checked against its model when the templates are read. Read once, the first time a page
/// is made; `StudioTemplatesTests` reads them too, so a broken template fails a test rather
/// than a page.
enum StudioTemplates {
    /// Each page template with the model it is rendered with. A template not named here is
    /// a partial, checked where a page places it.
    static let pages: [String: [String: TemplateKind]] = [
        "login": LoginPage.templateFields.kinds,
        "home": HomePage.templateFields.kinds,
        "exhibitions": ExhibitionsPage.templateFields.kinds,
        "new-exhibition": NewExhibitionPage.templateFields.kinds,
        "problem": ProblemPage.templateFields.kinds,
        "accounts": AccountsPage.templateFields.kinds,
        "audit": AuditPage.templateFields.kinds,
        "exhibit-list": ExhibitListPage.templateFields.kinds,
        "exhibit": ExhibitPage.templateFields.kinds,
        "history": HistoryPage.templateFields.kinds,
        "publish": PublishPage.templateFields.kinds,
        "translations": TranslationsPage.templateFields.kinds,
        "import": ImportPage.templateFields.kinds,
        "place": PlacePage.templateFields.kinds,
        "tour-stops": TourStopsPage.templateFields.kinds,
        "first-floor": FirstFloorPage.templateFields.kinds,
        "usage": UsagePage.templateFields.kinds,
        "museum-usage": MuseumUsagePage.templateFields.kinds,
        "preview-bar": PreviewBar.templateFields.kinds,
    ]

    static let partials = ["layout", "header", "notice", "token", "message", "photos", "recordings", "videos", "new-floor",
                           "bar-chart", "column-chart", "problem-line", "gap-link", "tour-row", "option"]

    /// The templates as read and checked; a problem stops the program with its message,
    /// since the studio cannot show a page without them.
    static let library: TemplateLibrary = {
        do {
            return try read()
        } catch {
            preconditionFailure("the studio's templates: \(error)")
        }
    }()

    static func read() throws -> TemplateLibrary {
        guard let root = Bundle.module.resourceURL?.appendingPathComponent("Templates") else {
            throw SiteError.resourceMissing("studio templates")
        }
        var sources: [(name: String, text: String)] = []
        for name in pages.keys.sorted() + partials {
            let url = root.appendingPathComponent("\(name).mustache")
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw SiteError.resourceMissing("studio template \(name).mustache")
            }
            sources.append((name, String(decoding: data, as: UTF8.self)))
        }
        return try TemplateLibrary(sources, pages: pages)
    }

    /// The page `template` makes of `model`, as UTF-8.
    static func render(_ model: some TemplateObject, _ template: String) -> [UInt8] {
        do {
            return try library.render(model, with: template)
        } catch {
            // Only a template missing from `pages` gets here, which the tests rule out.
            preconditionFailure("the studio's template \(template): \(error)")
        }
    }
}
