import ExpoCatalog
import ExpoImages
import ExpoSite
import Foundation

/// `studio --export DIR`: after each publish, the guide written again as a static site into
/// DIR, as `expo1900 export` writes it (into a folder beside DIR, then moved into place), so a
/// web server or a CDN's origin folder serves the new guide. Exports run one at a time, away
/// from the publish, which is live for the studio's own visitors at once; publishes made
/// while one runs are exported together by the next.
final class StudioExport: Sendable {
    let directory: URL
    let options: SiteOptions
    private let work = LatestWork(label: "expo1900.studio-export")

    init(directory: URL, options: SiteOptions) {
        self.directory = directory
        self.options = options
    }

    func export(_ catalog: Catalog, renditions: Renditions) {
        work.ask { [self] in
            let clock = ContinuousClock()
            let started = clock.now
            do {
                let site = try Site.render(catalog, renditions: renditions, options: options)
                let summary = try SiteExporter.export(site, to: directory)
                printError("expo1900: exported the published guide to \(directory.path) (\(summary.pages) pages) in \(Serve.seconds(clock.now - started)) s\(summary.keptLine)")
            } catch {
                printError("expo1900: the published guide could not be exported to \(directory.path); the export there is the one from before: \(FileProblem.describe(error))")
            }
        }
    }
}
