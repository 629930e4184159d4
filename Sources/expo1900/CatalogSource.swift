import ExpoCatalog
import Foundation

/// The catalog a command was given: a path, or the default one when none.
struct CatalogSource {
    var path: String?

    func load() -> Result<Catalog, CatalogError> {
        Result { () throws(CatalogError) in
            guard let path else { return try CatalogLoader.loadDefault() }
            return try CatalogLoader.load(at: URL(fileURLWithPath: path))
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
