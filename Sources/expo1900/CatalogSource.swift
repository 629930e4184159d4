import ArgumentParser
import ExpoCatalog
import Foundation

/// The catalog a command was given: a path, or the default one when none.
struct CatalogSource {
    var path: String?

    /// `publishingCheck`: whether to find the publishing notes too, which only `validate` reports.
    func load(publishingCheck: Bool = false) -> Result<Catalog, CatalogError> {
        Result { () throws(CatalogError) in
            let options = CatalogLoader.Options(publishingCheck: publishingCheck)
            guard let path else { return try CatalogLoader.loadDefault(options: options) }
            return try CatalogLoader.load(at: URL(fileURLWithPath: path), options: options)
        }
    }

    /// The catalog with what `serve --watch` needs to read a small edit on its own.
    func loadWatched() -> Result<WatchedLoad, CatalogError> {
        Result { () throws(CatalogError) in
            guard let url = path.map({ URL(fileURLWithPath: $0) }) ?? CatalogLoader.defaultCatalogURL else {
                throw .defaultCatalogMissing
            }
            return try WatchedLoad.load(at: url)
        }
    }
}

extension CatalogSource {
    /// The catalog, with its warnings printed; or its errors printed, one line each, and
    /// the exit status that says what failed (1: it has errors, 2: it is not a catalog).
    /// `warnings: false` leaves the catalog's warnings to the caller, to print with those
    /// of the image work.
    func loadReportingProblems(warnings: Bool = true) throws -> Catalog {
        let catalog = try reportingProblems(load())
        if warnings { for diagnostic in catalog.diagnostics { printError(diagnostic.line) } }
        return catalog
    }

    func loadWatchedReportingProblems() throws -> WatchedLoad {
        try reportingProblems(loadWatched())
    }

    private func reportingProblems<Loaded>(_ result: Result<Loaded, CatalogError>) throws -> Loaded {
        switch result {
        case let .success(loaded):
            return loaded
        case let .failure(error):
            for diagnostic in error.diagnostics where diagnostic.severity != .error {
                printError(diagnostic.line)
            }
            for line in error.description.split(separator: "\n") { printError("expo1900: \(line)") }
            throw ExitCode(error.diagnostics.isEmpty ? 2 : 1)
        }
    }
}

/// Where a command builds a folder before moving it into place whole, beside `destination`:
/// a failure then leaves nothing half-written where the user looks.
func stagingFolder(beside destination: URL) -> URL {
    destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
