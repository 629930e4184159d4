import ExpoImages
import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// The models answer templates' lookups by name; these must agree with what reflection
/// finds, for every stored property of every model, and with the kinds the templates are
/// checked against.
@Suite struct TemplateLookupTests {
    /// What a template should see of a stored property, by the rules of `TemplateConvertible`.
    private func expected(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { expected($0.value) } ?? "missing"
        }
        switch value {
        case let html as HTML: return "html:\(html.markup)"
        case let text as String: return "text:\(text)"
        case let number as Int: return "text:\(number)"
        case let flag as Bool: return "flag:\(flag)"
        default:
            if mirror.displayStyle == .collection { return "list:[" + mirror.children.map { expected($0.value) }.joined(separator: ",") + "]" }
            return "object:\(String(describing: value))"
        }
    }

    private func answered(_ value: TemplateValue) -> String {
        switch value {
        case let .text(text): "text:\(text)"
        case let .html(markup): "html:\(markup)"
        case let .flag(flag): "flag:\(flag)"
        case let .object(object): "object:\(String(describing: object))"
        case let .list(items): "list:[" + items.map(answered).joined(separator: ",") + "]"
        case .missing: "missing"
        }
    }

    /// Whether a value is of the kind a model lists it as (a missing optional fits any kind).
    private func fits(_ value: TemplateValue, _ kind: TemplateKind) -> Bool {
        switch (value, kind) {
        case (.missing, _), (.text, .text), (.html, .html), (.flag, .flag), (.object, .object): true
        case let (.list(items), .list(element)): items.allSatisfy { fits($0, element) }
        default: false
        }
    }

    /// Walks a model and everything inside it, checking each TemplateObject it meets.
    private func check(_ value: Any, path: String, _ problems: inout [String]) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle != .optional, let object = value as? any TemplateObject {
            for child in mirror.children {
                guard let label = child.label else { continue }
                let (answer, holds) = (answered(object.value(for: label)), expected(child.value))
                if answer != holds { problems.append("\(path).\(label): answers \(answer), holds \(holds)") }
            }
            if case .missing = object.value(for: "noSuchName") {} else { problems.append("\(path): answers for a name it lacks") }
            // The names templates are checked against are exactly the properties, each of its kind.
            let fields = type(of: object).templateFields
            let labels = Set(mirror.children.compactMap(\.label))
            if Set(fields.keys) != labels { problems.append("\(path): templateFields \(fields.keys.sorted()) ≠ properties \(labels.sorted())") }
            for (name, kind) in fields where !fits(object.value(for: name), kind) {
                problems.append("\(path).\(name): listed as \(kind.noun), answers \(answered(object.value(for: name)).prefix(40))")
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
        let assets = SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                resources: try SiteResources.bundled(), routes: routes)
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
