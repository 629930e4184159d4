import ArgumentParser
import ExpoCatalog
import Foundation

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new catalog: a small exhibition of three exhibits to edit, with a README for curators.",
        discussion: "Exit status: 0 when written, 1 when DIR exists and is not empty or cannot be written.")

    @Argument(help: "The folder to create.")
    var folder: String

    @Option(help: "The format of the data files: csv (spreadsheets) or json.")
    var format: CatalogConversion.Format = .csv

    func run() throws {
        let files = FileManager.default
        let destination = URL(fileURLWithPath: folder)
        if let entries = try? files.contentsOfDirectory(atPath: destination.path), !entries.isEmpty {
            printError("expo1900: \(folder): already exists and is not empty; give a new folder")
            throw ExitCode(1)
        }
        guard let starter = CatalogLoader.starterCatalogURL else {
            printError("expo1900: the starter catalog is missing: run expo1900 from its build folder")
            throw ExitCode(1)
        }
        let partial = stagingFolder(beside: destination)
        do {
            try files.copyItem(at: starter, to: partial)
            if format == .json {
                let converted = try CatalogConversion.convert(folder: partial, to: .json)
                for name in converted.replaced { try? files.removeItem(at: partial.appendingPathComponent(name)) }
                for (name, bytes) in converted.files { try Data(bytes).write(to: partial.appendingPathComponent(name)) }
            }
            if files.fileExists(atPath: destination.path) { try files.removeItem(at: destination) }
            try files.moveItem(at: partial, to: destination)
        } catch {
            try? files.removeItem(at: partial)
            printError("expo1900: cannot write \(folder): \(FileProblem.describe(error, file: folder))")
            throw ExitCode(1)
        }
        print("""
            wrote a starter catalog to \(folder): three exhibits in English and Korean, and README.md for curators.
            See it:   expo1900 serve --catalog \(folder) --watch
            Check it: expo1900 validate \(folder) --strict
            """)
    }
}
