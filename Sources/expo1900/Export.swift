import ArgumentParser
import ExpoCatalog
import ExpoSite
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the guide as a static site that any host serves.",
        discussion: """
            Writes into a new folder beside DIR and moves it into place, so a failed export leaves \
            DIR as it was. DIR may be new, empty, or an earlier export. Exit status: 0 when written, \
            1 when the catalog cannot be served or DIR cannot be written, 2 when the catalog path \
            is not a catalog.
            """)

    @Argument(help: "The folder to write the site to.")
    var directory: String

    @Option(help: "The catalog folder (default: the catalog that ships with the guide).")
    var catalog: String?

    @Option(name: .customLong("base-path"), help: "The path the site is hosted under, such as /expo1900/.")
    var basePath = "/"

    func validate() throws {
        let segments = basePath.split(separator: "/")
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
        guard segments.allSatisfy({ $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) }) else {
            throw ValidationError("--base-path must be a path such as /expo1900/ (letters, digits, - _ . ~ between slashes)")
        }
    }

    func run() throws {
        let loaded = try CatalogSource(path: catalog).loadReportingProblems()
        do {
            let site = try Site.render(loaded, options: SiteOptions(basePath: basePath))
            let summary = try SiteExporter.export(site, to: URL(fileURLWithPath: directory))
            print("Exported \(summary.pages) pages in \(summary.files) files (\(summary.bytes.formatted()) bytes) to \(directory)")
        } catch {
            printError("expo1900: \(error)")
            throw ExitCode(1)
        }
    }
}
