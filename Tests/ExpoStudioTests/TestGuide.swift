import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import ExpoStudio
import ExpoTestSupport
import Foundation
import Synchronization

/// The guide a test's studio runs beside: a catalog folder of its own, loaded entry by
/// entry as `studio` loads it, rendered with the guide's own rendering (images made in
/// memory), and served by the responder it is bound to.
final class TestGuide: StudioGuide {
    let url: URL
    /// Keeps the folder until the guide goes; only its URL is used.
    private nonisolated(unsafe) let folder: TemporaryCatalog?
    private let current: Mutex<(load: WatchedLoad, site: Site)>
    private let responder = Mutex<SiteResponder?>(nil)
    /// The museum's exhibition it is, served under `/NAME/`; nil for the one catalog at `/`.
    let exhibition: String?
    /// Whether its pages count their views and send their events (`--count`).
    let counts: Bool

    /// The seed catalog in Korean, with an English translation of its first exhibit.
    static let english = """
        [
          {"name": "Jikji", "image_name": "jikji", "short_desc": "A book printed with metal type", "desc": "First paragraph."}
        ]
        """

    init(files: [String: String] = [:], exhibition: String? = nil, counts: Bool = false) throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.en.json": Self.english].merging(files) { _, new in new })
        self.folder = folder
        url = folder.url
        self.exhibition = exhibition
        self.counts = counts
        let load = try WatchedLoad.load(at: url)
        current = Mutex((load, try Self.render(load.catalog, exhibition: exhibition, counts: counts)))
    }

    /// The catalog already at `url` (one added to a museum in a test).
    init(at url: URL, exhibition: String?, counts: Bool = false) throws {
        folder = nil
        self.url = url
        self.exhibition = exhibition
        self.counts = counts
        let load = try WatchedLoad.load(at: url)
        current = Mutex((load, try Self.render(load.catalog, exhibition: exhibition, counts: counts)))
    }

    private static func render(_ catalog: Catalog, exhibition: String?, counts: Bool) throws -> Site {
        var options = SiteOptions(basePath: exhibition.map { "/\($0)/" } ?? "/")
        if counts { options.counting = .served }
        return try Site.render(catalog, options: options)
    }

    func bind(_ responder: SiteResponder) {
        self.responder.withLock { $0 = responder }
    }

    func watchedLoad() -> WatchedLoad { current.withLock { $0.load } }

    func currentSite() -> Site? { current.withLock { $0.site } }

    /// The test guide makes no recordings.
    func recordingDuration(of file: String) -> Double? { nil }

    /// Each site made for the studio (a preview), by version, with the version of the
    /// earlier site it was told it replaces.
    let madeSites = Mutex<[(earlier: String?, made: String)]>([])

    /// Images are made in memory, uploads with the rest.
    var renditionCache: RenditionCache? { nil }

    func site(of catalog: Catalog, basePath: String, uploads: [String: CatalogImage], recordings: [String: AudioRendition],
              videos: [String: VideoRendition], after earlier: Site?) throws -> Site {
        var options = SiteOptions(basePath: basePath)
        options.preview = SiteOptions.Preview(generation: 0, eventsPath: "")
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.recordings = recordings
        renditions.videos = videos
        let site = try Site.render(catalog, renditions: renditions, options: options, after: earlier)
        madeSites.withLock { $0.append((earlier?.version, site.version)) }
        return site
    }

    func reload(because reason: String) -> String? {
        do {
            let last = watchedLoad()
            let load = try last.reloaded() ?? WatchedLoad.load(at: url)
            let site = try Self.render(load.catalog, exhibition: exhibition, counts: counts)
            current.withLock { $0 = (load, site) }
            if let exhibition {
                try responder.withLock { $0 }?.replace(exhibition: exhibition, with: site)
            } else {
                responder.withLock { $0 }?.replace(with: site)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The text of one of the catalog's files.
    func file(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    /// Writes one of the catalog's files, as a person with a text editor would.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }
}
