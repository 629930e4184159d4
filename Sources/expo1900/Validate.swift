import ArgumentParser
import ExpoCatalog
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report every problem in a catalog.",
        discussion: """
            Exit status: 0 when the catalog can be served, 1 when it cannot (with --strict, \
            also when it has warnings), 2 when PATH does not exist or is not a catalog.
            """)

    @Argument(help: "The catalog folder (default: the catalog that ships with the guide).")
    var path: String?

    @Option(help: "The catalog folder, as serve and export take it; the same as PATH.")
    var catalog: String?

    @Option(help: ArgumentHelp("A folder of catalogs, as serve --catalogs takes it: every exhibition and museum.json are checked.", valueName: "DIR"))
    var catalogs: String?

    @Flag(help: "Fail on warnings too.")
    var strict = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "How to print the report: text, one line per problem, or json, one object for scripts and CI.")
    var format: Format = .text

    @OptionGroup var images: ImageOptions

    func validate() throws {
        if path != nil && catalog != nil && path != catalog {
            throw ValidationError("give the catalog once: as PATH or with --catalog")
        }
        if catalogs != nil && (path != nil || catalog != nil) {
            throw ValidationError("give one catalog (PATH or --catalog) or a folder of them (--catalogs), not both")
        }
    }

    func run() throws {
        let stops = StopSignals()
        defer { stops.settle() }
        if let catalogs {
            try validateMuseum(catalogs)
            return
        }
        // Images are read as the server reads them, so a damaged one is reported here too.
        let loaded = CatalogSource(path: path ?? catalog).load(publishingCheck: true).map { images.prepare($0).catalog }
        let report = ValidationReport(loading: loaded, strict: strict)
        switch format {
        case .text:
            for line in report.lines { print(line) }
            if let failure = report.failure { printError(failure) }
        case .json:
            print(report.json, terminator: "")
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    private func validateMuseum(_ directory: String) throws {
        let folder: MuseumFolder
        do throws(MuseumFolder.Failure) {
            folder = try MuseumFolder.open(URL(fileURLWithPath: directory))
        } catch {
            printError("expo1900: \(error)")
            throw ExitCode(2)
        }
        let reports = folder.entries.map { entry in
            (entry.name, ValidationReport(loading: CatalogSource(path: entry.url.path).load(publishingCheck: true).map { images.prepare($0).catalog },
                                          strict: strict))
        }
        let report = MuseumReport(folder: folder, reports: reports, strict: strict)
        switch format {
        case .text:
            for line in report.lines { print(line) }
            for failure in report.failures { printError(failure) }
        case .json:
            print(report.json, terminator: "")
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
