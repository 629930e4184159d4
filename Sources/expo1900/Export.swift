import ArgumentParser
import ExpoCatalog
import ExpoSite
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the guide as a static site that any host serves.",
        discussion: """
            Writes into a new folder beside DIR and moves it into place, so a failed export leaves \
            DIR as it was. DIR may be new, empty, or an earlier export, outside the catalog's folder. \
            Exit status: 0 when written, 1 when the catalog cannot be served or DIR cannot be written \
            (or is inside the catalog, or holds it), 2 when the catalog path is not a catalog.
            """)

    @Argument(help: "The folder to write the site to.")
    var directory: String

    @Option(help: "The catalog folder (default: the catalog that ships with the guide).")
    var catalog: String?

    @Option(help: ArgumentHelp(
        "A folder of catalogs, as serve --catalogs takes it: the museum's front page at the root, each exhibition in the folder of its name.",
        valueName: "DIR"))
    var catalogs: String?

    @Option(name: .customLong("base-path"), help: "The path the site is hosted under, such as /expo1900/ (default: the path of --base-url, else /).")
    var basePath: String?

    @Option(name: .customLong("base-url"), help: "The site's public address, such as https://example.org/expo1900/, for link previews and search engines.")
    var baseURL: String?

    /// The options the flags describe: --base-url's path is the base path unless
    /// --base-path says otherwise, and then they must agree.
    var options: SiteOptions {
        get throws {
            guard let baseURL else { return SiteOptions(basePath: basePath ?? "/") }
            guard let address = SiteOptions.parseBaseURL(baseURL) else {
                throw ValidationError("--base-url must be an address such as https://example.org/ or https://example.org/expo1900/")
            }
            let path = SiteOptions(basePath: basePath ?? address.path).basePath
            guard path == address.path else {
                throw ValidationError("--base-url's path \(address.path) and --base-path \(path) disagree; give one of them")
            }
            return SiteOptions(basePath: path, origin: address.origin)
        }
    }

    @Option(name: .customLong("events-url"), help: ArgumentHelp(
        "A running guide (serve --count, or the studio) that counts for this export, such as https://guide.example.org/; without it the export sends nothing. With --catalogs, each exhibition's pages send to that guide's /NAME/count (serve --catalogs --count). See docs/counts.md.",
        valueName: "URL"))
    var eventsURL: String?

    /// Where the pages send their counts: the running guide's `/count`, or for a museum's
    /// exhibition `name` its `/name/count` (`serve --catalogs --count` counts each apart).
    func counting(exhibition name: String? = nil) throws -> SiteOptions.Counting? {
        guard let eventsURL else { return nil }
        guard let address = SiteOptions.parseBaseURL(eventsURL) else {
            throw ValidationError("--events-url must be a running guide's address, such as https://guide.example.org/")
        }
        return .remote(url: address.origin + address.path + (name.map { $0 + "/" } ?? "") + "count", origin: address.origin)
    }

    @OptionGroup var images: ImageOptions

    func validate() throws {
        if catalog != nil && catalogs != nil {
            throw ValidationError("--catalog exports one catalog, --catalogs a folder of them: give one of them")
        }
        _ = try counting()
        let basePath = try options.basePath
        let segments = basePath.split(separator: "/")
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
        guard segments.allSatisfy({ $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) }) else {
            throw ValidationError("the base path must be a path such as /expo1900/ (letters, digits, - _ . ~ between slashes)")
        }
    }

    func run() throws {
        let stops = StopSignals()
        defer { stops.settle() }
        if let catalogs {
            try exportMuseum(catalogs)
            return
        }
        // Before any work: an export inside the catalog would become part of it.
        if let catalogFolder = catalog.map(URL.init(fileURLWithPath:)) ?? CatalogLoader.defaultCatalogURL {
            do {
                try SiteExporter.checkDestination(URL(fileURLWithPath: directory), outside: catalogFolder)
            } catch {
                printError("expo1900: \(FileProblem.describe(error))")
                throw ExitCode(1)
            }
        }
        let prepared = images.prepare(try CatalogSource(path: catalog).loadReportingProblems(warnings: false))
        let (loaded, renditions) = (prepared.catalog, prepared.renditions)
        for diagnostic in loaded.diagnostics { printError(diagnostic.line) }
        do {
            var options = try options
            options.takeSearchShardSize()
            options.counting = try counting()
            let site = try Site.render(loaded, renditions: renditions, options: options)
            let progress = ProgressLine(label: "pages and files")
            let summary = try SiteExporter.export(site, to: URL(fileURLWithPath: directory)) { done, total in
                progress.update(done: done, total: total)
            }
            progress.finish()
            print("Exported \(summary.pages) pages in \(summary.files) files (\(summary.bytes.formatted()) bytes) to \(directory)\(summary.keptLine)")
        } catch {
            StopSignals.awaitStopIfStopping()
            printError("expo1900: \(FileProblem.describe(error))")
            throw ExitCode(1)
        }
    }

    /// Every exhibition of the folder, and its front page; nothing when one cannot be loaded.
    private func exportMuseum(_ directory: String) throws {
        let root = URL(fileURLWithPath: directory)
        let folder: MuseumFolder
        do {
            folder = try MuseumFolder.open(root)
            try SiteExporter.checkDestination(URL(fileURLWithPath: self.directory), outside: root)
        } catch let failure as MuseumFolder.Failure {
            printError("expo1900: \(failure)")
            throw ExitCode(2)
        } catch {
            printError("expo1900: \(FileProblem.describe(error))")
            throw ExitCode(1)
        }
        for diagnostic in folder.diagnostics { printError("\(diagnostic.severity.rawValue): \(directory)/\(diagnostic.description)") }
        var failed = folder.diagnostics.filter { $0.severity == .error }.map(\.file)
        let base = try options
        var sites: [(name: String, site: Site)] = []
        for entry in folder.entries {
            switch CatalogSource(path: entry.url.path).load() {
            case let .success(loaded):
                let prepared = images.prepare(loaded)
                for diagnostic in prepared.catalog.diagnostics { printError("\(diagnostic.severity.rawValue): \(entry.name)/\(diagnostic.description)") }
                var options = base.exhibition(entry.name)
                options.counting = try counting(exhibition: entry.name)
                do {
                    sites.append((entry.name, try Site.render(prepared.catalog, renditions: prepared.renditions, options: options)))
                } catch {
                    printError("expo1900: \(entry.name): \(FileProblem.describe(error))")
                    failed.append(entry.name)
                }
            case let .failure(error):
                for diagnostic in error.diagnostics where diagnostic.severity != .error {
                    printError("\(diagnostic.severity.rawValue): \(entry.name)/\(diagnostic.description)")
                }
                for line in error.description.split(separator: "\n") { printError("expo1900: \(entry.name): \(line)") }
                failed.append(entry.name)
            }
        }
        guard failed.isEmpty else {
            printError("expo1900: nothing was exported, as \(failed.joined(separator: ", ")) cannot be served; fix \(failed.count == 1 ? "it" : "them") and export again")
            throw ExitCode(1)
        }
        do {
            let front = try FrontSite.render(folder.description, exhibitions: sites.map { FrontSite.Exhibition(name: $0.name, site: $0.site) },
                                             basePath: base.basePath, origin: base.origin)
            let progress = ProgressLine(label: "exhibitions")
            let summary = try SiteExporter.export(front: front, exhibitions: sites, to: URL(fileURLWithPath: self.directory)) { done, total in
                progress.update(done: done, total: total)
            }
            progress.finish()
            print("Exported \(sites.count) exhibitions and the front page: \(summary.pages) pages in \(summary.files) files (\(summary.bytes.formatted()) bytes) to \(self.directory)\(summary.keptLine)")
        } catch {
            StopSignals.awaitStopIfStopping()
            printError("expo1900: \(FileProblem.describe(error))")
            throw ExitCode(1)
        }
    }
}
