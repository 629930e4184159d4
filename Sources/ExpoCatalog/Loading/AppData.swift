import Foundation

/// The data files found in an app's project, and the choice among them. The app's code
/// loads its data by name (`NSDataAsset(name: "exposition_universelle_1900")`, `items`),
/// so where several files hold the same kind of data, the one with the seed apps' name is
/// the one the app would show; the others are left aside with a note. Only when no
/// candidate has that name, or two that have it differ, is there no telling which to use.
struct AppData {
    struct Candidate: Sendable {
        var url: URL
        var path: String
        var json: JSONValue
        var kind: DataFile
        var language: Language?
        /// The name the app's code would load it by: the dataset's, or the bundle file's stem.
        var assetName: String
        /// What reading it met that leaves it usable (a key given twice), said if it is chosen.
        var warnings: [Diagnostic] = []
        var hasSeedName: Bool { DataFile.parse(assetName + ".json")?.file == kind }
    }

    /// A file that could not be read as JSON, kept until the choice is made: whether it is
    /// an error depends on whether the app would ever load it.
    private struct Unreadable {
        var problem: Diagnostic
        var assetName: String
        var isBundleFile: Bool
    }

    /// The folder the guide was given, which no data file may lead outside.
    let boundary: CatalogBoundary
    private(set) var candidates: [Candidate] = []
    private var unreadable: [Unreadable] = []
    var problems: [Diagnostic] = []

    init(boundary: CatalogBoundary) {
        self.boundary = boundary
    }

    mutating func read(_ file: URL, path: String, assetName: String, language: Language?, isBundleFile: Bool = false) {
        var warnings: [Diagnostic] = []
        switch JSONFile.read(file, displayPath: path, within: boundary, warnings: &warnings) {
        case let .success(json):
            guard let kind = CatalogData.kind(of: json) else { return }
            candidates.append(Candidate(url: file, path: path, json: json, kind: kind, language: language, assetName: assetName, warnings: warnings))
        case let .failure(problem):
            unreadable.append(Unreadable(problem: problem, assetName: assetName, isBundleFile: isBundleFile))
        }
    }

    /// Data file name (`items.en.json`) → the candidate used, and what was said on the way.
    func choose() -> (chosen: [String: Candidate], problems: [Diagnostic]) {
        var problems = problems
        var chosen: [String: Candidate] = [:]
        let groups = Dictionary(grouping: candidates) { $0.kind.fileName($0.language) }
        for name in groups.keys.sorted() {
            let sorted = groups[name]!.sorted { $0.path < $1.path }
            let named = sorted.filter(\.hasSeedName)
            let contenders = named.isEmpty ? sorted : named
            let first = contenders[0]
            chosen[name] = first
            problems += first.warnings
            for other in sorted where !other.hasSeedName && !named.isEmpty {
                problems.append(Diagnostic(.note, file: other.path, "not used: the app loads \(first.assetName)"))
            }
            guard contenders.count > 1 else { continue }
            let others = contenders.dropFirst().map(\.path).joined(separator: ", ")
            let noun = CatalogData.noun(first.kind) + (first.language.map { " (\($0.englishName))" } ?? "")
            if contenders.allSatisfy({ $0.json == first.json }) {
                problems.append(Diagnostic(.warning, file: first.path, "the same \(noun) is also at \(others); this one is used"))
            } else {
                problems.append(Diagnostic(.error, file: first.path,
                    "\(contenders.count) different \(noun)s: this one and \(others); keep one, or give --catalog the folder that holds the one to use"))
            }
        }
        // The app's code names its two files; once both are found under those names, a
        // broken file under any other name is one the app never opens.
        let loadedByName = DataFile.catalogFiles.allSatisfy { kind in
            chosen[kind.fileName(nil)]?.hasSeedName == true
        }
        for file in unreadable {
            let hasSeedName = DataFile.parse(file.assetName + ".json") != nil
            let problem = file.problem
            if hasSeedName || (!loadedByName && !file.isBundleFile) {
                problems.append(problem)
            } else if loadedByName {
                let names = DataFile.catalogFiles.compactMap { chosen[$0.fileName(nil)]?.assetName }.joined(separator: " and ")
                problems.append(Diagnostic(.warning, file: problem.file, place: problem.place, "\(problem.message); not used: the app loads \(names)"))
            } else {
                problems.append(Diagnostic(.warning, file: problem.file, place: problem.place, "\(problem.message); not read"))
            }
        }
        return (chosen, problems)
    }
}
