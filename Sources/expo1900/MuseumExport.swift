import ExpoCatalog
import ExpoImages
import ExpoSite
import Foundation

/// `studio --catalogs DIR --export OUT`: after each publish in any exhibition, the museum
/// written again into OUT as `expo1900 export OUT --catalogs DIR` writes it (the front page
/// and every exhibition under its name; into a folder beside OUT, then moved into place), from
/// the catalogs the server serves at that moment. Exports run one at a time, away from the
/// publish; publishes made while one runs are exported together by the next. While an
/// exhibition cannot be loaded, nothing is exported, and the export there stays as it was:
/// an export without it would take it off the museum's static site.
final class MuseumExport: Sendable {
    /// What one export is made of: the museum's own file, and each exhibition in the folder's
    /// order with the catalog it serves now (nil while it cannot be loaded).
    struct Source {
        var description: MuseumDescription
        var exhibitions: [(name: String, served: (catalog: Catalog, renditions: Renditions)?)]
    }

    let directory: URL
    /// The export's own options: its root path and public origin.
    let options: SiteOptions
    private let work = LatestWork(label: "expo1900.museum-export")

    init(directory: URL, options: SiteOptions) {
        self.directory = directory
        self.options = options
    }

    /// Asks for an export of what `source` gives once the one under way, if any, is done.
    func published(from source: @escaping @Sendable () -> Source) {
        work.ask { [self] in write(source()) }
    }

    private func write(_ source: Source) {
        let clock = ContinuousClock()
        let started = clock.now
        let missing = source.exhibitions.filter { $0.served == nil }.map(\.name)
        guard missing.isEmpty else {
            printError("expo1900: the museum was not exported to \(directory.path), as \(missing.joined(separator: ", ")) cannot be loaded now; the export there is the one from before")
            return
        }
        do {
            let sites = try source.exhibitions.map { name, served in
                let (catalog, renditions) = served!
                return (name: name, site: try Site.render(catalog, renditions: renditions, options: options.exhibition(name)))
            }
            let front = try FrontSite.render(source.description, exhibitions: sites.map { FrontSite.Exhibition(name: $0.name, site: $0.site) },
                                             basePath: options.basePath, origin: options.origin)
            let summary = try SiteExporter.export(front: front, exhibitions: sites, to: directory)
            printError("expo1900: exported the museum (\(sites.count) exhibitions, \(summary.pages) pages) to \(directory.path) in \(Serve.seconds(clock.now - started)) s\(summary.keptLine)")
        } catch {
            printError("expo1900: the museum could not be exported to \(directory.path); the export there is the one from before: \(FileProblem.describe(error))")
        }
    }
}

extension SiteOptions {
    /// The options of a museum's exhibition `name` in a static export whose root these
    /// options' path is: under `/name/` there, with the front page at the root.
    func exhibition(_ name: String) -> SiteOptions {
        var options = self
        options.basePath = basePath + name + "/"
        options.museumFront = basePath
        options.takeSearchShardSize()
        return options
    }
}
