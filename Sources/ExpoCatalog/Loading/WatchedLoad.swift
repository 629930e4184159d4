import Foundation
import Synchronization

/// A catalog loaded for `serve --watch`, with what is needed to read a later edit to a few
/// exhibits on its own: each items file's entries as byte ranges with a digest, and which
/// entries gave a problem. At 100,000 exhibits a whole load takes seconds; an edit to one
/// exhibit's text is read in the time it takes to read and compare the file.
///
/// An edit is read on its own only when it is plainly safe: only items files changed (no
/// image, no exposition, no interface file), each has as many entries as before, the
/// entries that changed keep their id and their images' names, and both their old and their
/// new text read without a warning. Anything else is a whole load, as before.
public struct WatchedLoad: Sendable {
    public private(set) var catalog: Catalog
    let folder: URL
    private(set) var stamps: [String: FileStamp]
    private(set) var items: [String: ItemsFile]
    /// Each exhibit's place in the main language's items file, by id, for the studio's
    /// edits: a reload entry by entry keeps every id where it was.
    let primaryIndex: [String: Int]
    /// Where `items.csv`'s rows lie, found when the studio first asks: set only for a plain
    /// folder whose exhibits are in that spreadsheet.
    let sheet: SheetCache?
    /// For an app's project, where each data file lies (in its datasets); empty for a
    /// folder, whose files are at its top.
    let locations: [String: URL]
    /// Whether a later edit may be read entry by entry: only in a folder of JSON files alone.
    let reloadsEntries: Bool

    struct ItemsFile: Sendable {
        var scan: JSONElementScan
        var problems: Set<Int>
        /// A translation's entry for each exhibit id, and the id of each entry.
        var indexByID: [String: Int]
        var idAtIndex: [Int: String]
    }

    /// The most entries an edit may change and still be read on its own.
    static let entryLimit = 64
    /// The first entries tell the primary language when the catalog does not say it, so a
    /// change to one of them is a whole load.
    static let languageSample = 20

    /// Loads the catalog at `url` as `CatalogLoader.load` does. The entry-by-entry state is
    /// kept only for a plain folder of JSON files whose items files did not change while it
    /// was read; otherwise every later reload is a whole one.
    public static func load(at url: URL, options: CatalogLoader.Options = .init()) throws(CatalogError) -> WatchedLoad {
        var before = FileStamp.folder(url)
        var record = CatalogLoader.EntryRecord()
        let catalog = try CatalogLoader.load(at: url, options: options, record: &record)
        let locations = record.locations
        // An app's datasets are known once it is read: their stamps are taken then.
        if !locations.isEmpty { before = FileStamp.files(locations) }
        func stamps() -> [String: FileStamp] { locations.isEmpty ? FileStamp.folder(url) : FileStamp.files(locations) }
        var items: [String: ItemsFile] = [:]
        // A folder of spreadsheets may keep a translation in a JSON file beside them: it is read the same way.
        if record.isJSONFolder || record.isPlainFolder || !locations.isEmpty {
            let boundary = CatalogBoundary(url)
            let names = record.files.keys.filter { before[$0] != nil }.sorted()
            let scans = Mutex<[String: JSONElementScan]>([:])
            DispatchQueue.concurrentPerform(iterations: names.count) { index in
                let name = names[index]
                // Read a few megabytes at a time: the files of 100,000 exhibits are 400 MB.
                guard let scan = boundary.scan(locations[name] ?? url.appendingPathComponent(name)) else { return }
                scans.withLock { $0[name] = scan }
            }
            let after = stamps()
            for (name, scan) in scans.withLock({ $0 }) where before[name] == after[name] {
                guard let file = record.files[name] else { continue }
                items[name] = ItemsFile(scan: scan, problems: file.problems, indexByID: file.indexByID,
                                        idAtIndex: Dictionary(file.indexByID.map { ($1, $0) }) { first, _ in first })
            }
        }
        let sheet = record.isPlainFolder && before[SheetCache.fileName] != nil && before[DataFile.items.fileName(nil)] == nil
            && SheetCache.isUTF8(url.appendingPathComponent(SheetCache.fileName)) ? SheetCache() : nil
        let primaryIndex = items.isEmpty && sheet == nil ? [:]
            : Dictionary(catalog.primary.exhibits.enumerated().map { ($1.id, $0) }) { first, _ in first }
        return WatchedLoad(catalog: catalog, folder: url, stamps: before, items: items, primaryIndex: primaryIndex, sheet: sheet,
                           locations: locations, reloadsEntries: record.isJSONFolder)
    }

    /// Where the data file `name` lies.
    func url(of name: String) -> URL { locations[name] ?? folder.appendingPathComponent(name) }

    /// The catalog with the edits made since this load, read entry by entry; nil when the
    /// edits are not of the kind that can be (the caller then loads the catalog whole).
    public func reloaded() -> WatchedLoad? {
        // An app's project is read whole again: its data lies in datasets, not at the folder's top.
        guard !items.isEmpty, reloadsEntries else { return nil }
        let now = FileStamp.folder(folder)
        let changed = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }
        guard !changed.isEmpty, changed.allSatisfy({ items[$0] != nil && now[$0] != nil }) else { return nil }
        var next = self
        next.stamps = now
        var patch = EntryPatch(catalog: catalog, boundary: CatalogBoundary(folder), folder: folder)
        for name in changed.sorted() {
            guard let file = items[name], let scan = patch.rescan(name, file) else { return nil }
            next.items[name]?.scan = scan
        }
        guard let catalog = patch.apply(items: next.items) else { return nil }
        next.catalog = catalog
        return next
    }
}
