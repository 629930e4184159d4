import Foundation

/// An iPhone app's project (or a folder holding one, or an `.xcassets`), read where the
/// app's build would find things: datasets at any depth of any asset catalog, bundle JSON
/// files anywhere in the folder given (when it holds an asset catalog with datasets or
/// images), images in any asset catalog. Data is recognised by what it is; where several
/// files could be it, the one named as the app's code loads it wins (`AppData`).
struct AppProject: CatalogStore {
    let root: URL
    /// The asset catalogs that hold datasets or images, in path order.
    let assetCatalogs: [AssetCatalog]
    private let chosen: [String: AppData.Candidate]
    let problems: [Diagnostic]
    /// What was looked at, for a message when nothing was found.
    let searched: String

    init(root: URL, pdfConverter: URL?) {
        self.root = root.standardizedFileURL
        let boundary = CatalogBoundary(root)
        var xcassets: [URL] = []
        var bundleFiles: [URL] = []
        var walk = ProjectWalk(boundary: boundary, base: self.root)
        if root.pathExtension == "xcassets" {
            xcassets = [root]
        } else {
            bundleFiles = ProjectWalk.files(in: root).filter { $0.pathExtension == "json" }
            walk.folders(in: root, depth: 8) { folder in
                if folder.pathExtension == "xcassets" { xcassets.append(folder); return false }
                bundleFiles += ProjectWalk.files(in: folder).filter { $0.pathExtension == "json" }
                return true
            }
        }
        let catalogs = xcassets.map { AssetCatalog(url: $0, base: root, boundary: boundary, pdfConverter: pdfConverter) }
        assetCatalogs = catalogs.filter(\.holdsCatalogAssets)
        // Bundle files count only in an app's project: a folder without an asset catalog
        // of the guide's kind is no app, whatever JSON it holds.
        if assetCatalogs.isEmpty { bundleFiles = [] }
        var found = AppData(boundary: boundary)
        found.problems = walk.notes + catalogs.flatMap(\.notes)
        for catalog in catalogs {
            for (name, folder) in catalog.datasets {
                switch catalog.dataFile(in: folder, warnings: &found.problems) {
                case let .success(file):
                    let path = catalog.relative(file.url)
                    guard file.isJSON else {
                        found.problems.append(Diagnostic(.note, file: path,
                            "not read: a dataset's file is data for the guide only when it is JSON (by its name, or by the universal-type-identifier in Contents.json)"))
                        continue
                    }
                    let language = CatalogData.language(ofName: file.url.lastPathComponent) ?? CatalogData.language(ofName: name)
                    found.read(file.url, path: path, assetName: name, language: language)
                case let .failure(problem): found.problems.append(problem)
                }
            }
        }
        for file in bundleFiles {
            let name = file.deletingPathExtension().lastPathComponent
            found.read(file, path: ProjectWalk.relative(file, to: root), assetName: name,
                       language: CatalogData.language(ofName: file.lastPathComponent), isBundleFile: true)
        }
        let (chosen, problems) = found.choose()
        self.chosen = chosen
        self.problems = problems
        let summaries = catalogs.map { catalog in
            let what = catalog.holdsCatalogAssets
                ? "\(Self.count(catalog.datasets.count, "dataset")), \(Self.count(catalog.imagesets.count, "imageset"))" : "icons and colours only"
            return "\(ProjectWalk.relative(catalog.root, to: root)) (\(what))"
        }.joined(separator: ", ")
        let wanted = "an exposition (\(CatalogData.description(.exposition))) and an exhibit list (\(CatalogData.description(.items)))"
        if assetCatalogs.isEmpty {
            searched = "found no JSON catalog files and no asset catalog with datasets or images" + (catalogs.isEmpty ? "" : " (only \(summaries))")
        } else {
            searched = "searched \(summaries) and \(Self.count(bundleFiles.count, "other JSON file")) for \(wanted)"
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    var dataFileNames: Set<String> { Set(chosen.keys) }

    /// Where each data file chosen lies: a dataset's JSON, or a bundle file.
    var dataFileURLs: [String: URL] { chosen.mapValues(\.url) }

    func displayPath(ofDataFile name: String) -> String { chosen[name]?.path ?? name }

    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic> {
        if let candidate = chosen[name] { return .success(candidate.json) }
        let kind = DataFile.parse(name)?.file ?? .items
        return .failure(Diagnostic(.error, file: name, "missing: no \(CatalogData.noun(kind)) found; \(searched)"))
    }

    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        let holding = assetCatalogs.filter { $0.imagesets[name] != nil }
        guard let catalog = holding.first else {
            let places = assetCatalogs.isEmpty ? "no asset catalog with images was found"
                : "not in " + assetCatalogs.map { ProjectWalk.relative($0.root, to: root) }.joined(separator: " or ")
            diagnostics.append(Diagnostic(.warning, file: "\(name).imageset", "missing (\(places)); a placeholder is shown"))
            return nil
        }
        if holding.count > 1 {
            let others = holding.dropFirst().compactMap { $0.imagesets[name].map($0.relative) }.joined(separator: ", ")
            diagnostics.append(Diagnostic(.warning, file: catalog.imagesets[name].map(catalog.relative) ?? name,
                                          "\(name) is also at \(others); this one is used"))
        }
        return catalog.image(named: name, diagnostics: &diagnostics)
    }
}
