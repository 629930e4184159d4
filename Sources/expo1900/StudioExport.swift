import ExpoCatalog
import ExpoImages
import ExpoSite
import Foundation
import Synchronization

/// `studio --export DIR`: after each publish, the guide written again as a static site into
/// DIR, as `expo1900 export` writes it (into a folder beside DIR, then moved into place), so a
/// web server or a CDN's origin folder serves the new guide. Exports run one at a time, away
/// from the publish, which is live for the studio's own visitors at once; publishes made
/// while one runs are exported together by the next.
///
/// After a publish that changed only some exhibits' words and facts, the export is brought
/// up to date in place (`SiteExporter.update`): a few files written rather than every page.
/// That needs the site the folder holds, which is kept from one export to the next. At start
/// the site served is rendered as the export renders it, away from the studio, and kept
/// when the folder's marker says the folder holds it; failing that, the first publish
/// renders the site from before it.
final class StudioExport: Sendable {
    let directory: URL
    let options: SiteOptions
    private let work = LatestWork(label: "expo1900.studio-export")
    /// The site the folder holds, when this studio exported it or found it there.
    private let exported = Mutex<Site?>(nil)

    init(directory: URL, options: SiteOptions) {
        self.directory = directory
        var options = options
        options.makesIndexesAtOnce = false
        self.options = options
    }

    /// Looks whether the folder holds the export of `catalog` already, so that the first
    /// publish can update it in place.
    func prepare(_ catalog: Catalog, renditions: Renditions) {
        work.ask { [self] in
            guard let site = try? Site.render(catalog, renditions: renditions, options: options), holds(site) else {
                printError("expo1900: \(directory.path) does not hold an export of the guide as served now; the first publish exports it whole")
                return
            }
            // Made now, away from the studio, so that the first publish makes its own from them.
            site.makeIndexes()
            exported.withLock { $0 = $0 ?? site }
            printError("expo1900: \(directory.path) holds the export of the guide as served now; a publish brings it up to date in place")
        }
    }

    private func holds(_ site: Site) -> Bool {
        let marker = directory.appendingPathComponent(SiteExporter.markerName)
        return (try? String(contentsOf: marker, encoding: .utf8)) == SiteExporter.markerText(site)
    }

    /// Exports `catalog`; `before` is the catalog served before the publish, if known.
    func export(_ catalog: Catalog, renditions: Renditions, before: (catalog: Catalog, renditions: Renditions)? = nil) {
        work.ask { [self] in
            let clock = ContinuousClock()
            let started = clock.now
            do {
                let site = try Site.render(catalog, renditions: renditions, options: options, after: exported.withLock { $0 })
                let summary = try update(to: site, before: before) ?? SiteExporter.export(site, to: directory)
                exported.withLock { $0 = site }
                printError("expo1900: exported the published guide to \(directory.path) (\(summary.inPlace ? "\(summary.pages.formatted()) pages made again" : "\(summary.pages.formatted()) pages")) in \(Serve.seconds(clock.now - started)) s\(summary.keptLine)")
            } catch {
                exported.withLock { $0 = nil }
                printError("expo1900: the published guide could not be exported to \(directory.path); the export there is the one from before: \(FileProblem.describe(error))")
            }
        }
    }

    /// The export brought up to date in place, or nil when it must be made whole.
    private func update(to site: Site, before: (catalog: Catalog, renditions: Renditions)?) throws -> SiteExporter.Summary? {
        var base = exported.withLock { $0 }
        if base == nil, let before {
            base = try? Site.render(before.catalog, renditions: before.renditions, options: options)
        }
        guard let base else { return nil }
        return try SiteExporter.update(directory, from: base, to: site)
    }
}
