import ExpoCatalog
import ExpoImages
import ExpoSite

/// What the studio needs of the guide it runs beside: the catalog visitors see now, entry
/// by entry, the site made of it, a site made of a draft, and a reload once a publish has
/// written the catalog's files.
public protocol StudioGuide: Sendable {
    /// The catalog as last loaded, entry by entry when it is a plain folder of JSON files.
    func watchedLoad() -> WatchedLoad
    /// The site visitors are served now; nil while an exhibition of a museum is not served
    /// (its catalog failed to load since).
    func currentSite() -> Site?
    /// The site made of `catalog` with the guide's own images, options and rendering, its
    /// links under `basePath`.
    /// `uploads` are images the guide has no renditions for yet (photos sent to the
    /// studio): they are made for this site, quick drafts where the cache has none.
    /// `recordings` and `videos` are those sent to the studio, made already. `earlier` is
    /// the site this one replaces at the same `basePath`, whose indexes it may take
    /// (`Site.render(_:renditions:options:after:)`); the pages are the same either way.
    func site(of catalog: Catalog, basePath: String, uploads: [String: CatalogImage], recordings: [String: AudioRendition],
              videos: [String: VideoRendition], after earlier: Site?) throws -> Site
    /// How long the recording made of the catalog's file `file` plays, in seconds; nil when
    /// it has not been made.
    func recordingDuration(of file: String) -> Double?
    /// Where made images are kept between runs; nil when they are made in memory.
    var renditionCache: RenditionCache? { get }
    /// Loads the catalog again (after a publish wrote its files) and serves it; nil when
    /// the new guide is live, else why it is not.
    func reload(because reason: String) -> String?
}
