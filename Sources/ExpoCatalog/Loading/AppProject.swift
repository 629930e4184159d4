import Foundation

/// An iPhone app's project (or a folder holding one, or an `.xcassets`), read where the
/// app's build would find things: datasets at any depth of any asset catalog, bundle JSON
/// files anywhere in the folder given (when it holds an asset catalog with datasets or
/// images), images in any asset catalog. Data is recognised by what it is, not
/// by its name; when two different files could be the same data, the load fails and names
/// both rather than guessing.
struct AppProject: CatalogStore {
    let root: URL
    /// The asset catalogs that hold datasets or images, in path order.
    let assetCatalogs: [AssetCatalog]
    private let chosen: [String: Candidate]
    let problems: [Diagnostic]
    /// What was looked at, for a message when nothing was found.
    let searched: String

    struct Candidate: Sendable {
        var path: String
        var json: JSONValue
        var kind: DataFile
        var language: Language?
    }

    init(root: URL, pdfConverter: URL?) {
        self.root = root.standardizedFileURL
        var xcassets: [URL] = []
        var bundleFiles: [URL] = []
        if root.pathExtension == "xcassets" {
            xcassets = [root]
        } else {
            bundleFiles = ProjectWalk.files(in: root).filter { $0.pathExtension == "json" }
            ProjectWalk.folders(in: root, depth: 8) { folder in
                if folder.pathExtension == "xcassets" { xcassets.append(folder); return false }
                bundleFiles += ProjectWalk.files(in: folder).filter { $0.pathExtension == "json" }
                return true
            }
        }
        let catalogs = xcassets.map { AssetCatalog(url: $0, base: root, pdfConverter: pdfConverter) }
        assetCatalogs = catalogs.filter(\.holdsCatalogAssets)
        // Bundle files count only in an app's project: a folder without an asset catalog
        // of the guide's kind is no app, whatever JSON it holds.
        if assetCatalogs.isEmpty { bundleFiles = [] }
        var problems: [Diagnostic] = []
        var candidates: [Candidate] = []
        for catalog in catalogs {
            for (name, folder) in catalog.datasets {
                switch catalog.dataFile(in: folder) {
                case let .success(file):
                    let path = catalog.relative(file)
                    switch JSONFile.read(file, displayPath: path) {
                    case let .success(json):
                        guard let kind = CatalogData.kind(of: json) else { continue }
                        let language = CatalogData.language(ofName: file.lastPathComponent) ?? CatalogData.language(ofName: name)
                        candidates.append(Candidate(path: path, json: json, kind: kind, language: language))
                    case let .failure(problem): problems.append(problem)
                    }
                case let .failure(problem): problems.append(problem)
                }
            }
        }
        for file in bundleFiles {
            let path = ProjectWalk.relative(file, to: root)
            switch JSONFile.read(file, displayPath: path) {
            case let .success(json):
                guard let kind = CatalogData.kind(of: json) else { continue }
                candidates.append(Candidate(path: path, json: json, kind: kind, language: CatalogData.language(ofName: file.lastPathComponent)))
            case let .failure(problem):
                // A broken file named like catalog data is catalog data; any other broken
                // JSON in the project is said, and left.
                if DataFile.parse(file.lastPathComponent) != nil {
                    problems.append(problem)
                } else {
                    problems.append(Diagnostic(.warning, file: problem.file, place: problem.place, "\(problem.message); not read"))
                }
            }
        }
        var chosen: [String: Candidate] = [:]
        let groups = Dictionary(grouping: candidates) { $0.kind.fileName($0.language) }
        for (name, group) in groups {
            let sorted = group.sorted { $0.path < $1.path }
            let first = sorted[0]
            chosen[name] = first
            guard sorted.count > 1 else { continue }
            let others = sorted.dropFirst().map(\.path).joined(separator: ", ")
            let noun = CatalogData.noun(first.kind) + (first.language.map { " (\($0.englishName))" } ?? "")
            if sorted.allSatisfy({ $0.json == first.json }) {
                problems.append(Diagnostic(.warning, file: first.path, "the same \(noun) is also at \(others); this one is used"))
            } else {
                problems.append(Diagnostic(.error, file: first.path,
                    "\(sorted.count) different \(noun)s: this one and \(others); keep one, or give --catalog the folder that holds the one to use"))
            }
        }
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
