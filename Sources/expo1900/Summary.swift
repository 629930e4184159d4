import ArgumentParser
import ExpoCatalog

/// What `expo1900` does with no command until the server exists: load the default (or
/// given) catalog and say what it holds.
struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load a catalog and print what it holds.")

    @Option(help: "The catalog folder (default: the catalog that ships with the guide).")
    var catalog: String?

    func run() throws {
        switch CatalogSource(path: catalog).load() {
        case let .success(catalog):
            for diagnostic in catalog.diagnostics { printError("warning: \(diagnostic)") }
            let title = catalog.primary.exposition.title.replacingOccurrences(of: "\n", with: " ")
            print("\(title): \(catalog.exhibitCount) exhibits in \(catalog.languages.map(\.englishName).joined(separator: " and "))")
            for exhibit in catalog.primary.exhibits {
                print("  \(exhibit.id)  \(exhibit.name)")
            }
        case let .failure(error):
            printError(error.description)
            throw ExitCode(error.diagnostics.isEmpty ? 2 : 1)
        }
    }
}
