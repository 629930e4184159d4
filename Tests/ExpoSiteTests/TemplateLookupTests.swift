import ExpoCatalog
import ExpoTestSupport
import Foundation
import Mustache
import Testing
@testable import ExpoSite

/// The models answer templates' lookups without reflection; these must agree with what
/// reflection would find, for every stored property of every model.
@Suite struct TemplateLookupTests {
    /// Walks a model and everything inside it, checking each MustacheParent it meets.
    private func check(_ value: Any, path: String, _ problems: inout [String]) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle != .optional, let parent = value as? MustacheParent {
            for child in mirror.children {
                guard let label = child.label else { continue }
                let expected = String(describing: child.value)
                let answered = parent.child(named: label).map { String(describing: $0) } ?? "nil"
                let unwrapped = Mirror(reflecting: child.value).displayStyle == .optional
                    ? (Mirror(reflecting: child.value).children.first.map { String(describing: $0.value) } ?? "nil")
                    : expected
                if answered != unwrapped { problems.append("\(path).\(label): answers \(answered), holds \(unwrapped)") }
            }
        }
        for child in mirror.children {
            check(child.value, path: path + "." + (child.label ?? "[]"), &problems)
        }
    }

    @Test func everyModelAnswersForEachOfItsProperties() throws {
        let folder = try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("haegeum.svg"))
        try folder.write("haegeum.png", PNGFixture.make(width: 40, height: 30))
        try folder.write("haegeum@2x.png", PNGFixture.make(width: 80, height: 60))
        let catalog = try folder.load()
        let routes = Routes(primary: .korean, basePath: "/")
        let assets = SiteAssets(catalog: catalog, resources: try SiteResources.bundled(), routes: routes)
        let edition = catalog.edition(.english)
        let screens: [Any] = [
            ExpositionScreen(edition: edition, catalog: catalog, routes: routes, assets: assets),
            ExhibitListScreen(edition: edition, exhibits: edition.exhibits[...], page: 2, pageCount: 3,
                              catalog: catalog, routes: routes, assets: assets),
            ExhibitScreen(exhibit: edition.exhibits[1], edition: edition, catalog: catalog, routes: routes, assets: assets),
            NotFoundScreen(language: .english, catalog: catalog, routes: routes, assets: assets),
        ]
        var problems: [String] = []
        for screen in screens { check(screen, path: "\(type(of: screen))", &problems) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
