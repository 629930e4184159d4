import Foundation

/// The entries of a watched catalog's items files that changed, read on their own into the
/// catalog of the last load (see `WatchedLoad`). Every step that finds the edit is not of
/// the safe kind gives up with nil, and the catalog is then loaded whole.
struct EntryPatch {
    private(set) var catalog: Catalog
    let boundary: CatalogBoundary
    let folder: URL
    /// The entries that changed in each changed file, by index.
    private var changed: [String: [Int]] = [:]

    /// The floors a changed entry may place its exhibit on (a watched catalog is a folder of JSON files).
    private var knownFloors: PositionDecoder.KnownFloors {
        PositionDecoder.KnownFloors(ids: Set(catalog.primary.floors.map(\.id)), file: DataFile.floors.fileName(nil))
    }

    init(catalog: Catalog, boundary: CatalogBoundary, folder: URL) {
        self.catalog = catalog
        self.boundary = boundary
        self.folder = folder
    }

    /// Reads a changed items file again and finds its changed entries; nil when it has
    /// another number of entries, too many changed, or does not read as a list.
    mutating func rescan(_ name: String, _ file: WatchedLoad.ItemsFile) -> JSONElementScan? {
        // Read a few megabytes at a time, not kept: the changed entries are read again on their own.
        guard let scan = boundary.scan(folder.appendingPathComponent(name)), scan.starts.count == file.scan.starts.count,
              scan.prefixDigest == file.scan.prefixDigest else { return nil }
        let indices = scan.digests.indices.filter { scan.digests[$0] != file.scan.digests[$0] }
        guard indices.count <= WatchedLoad.entryLimit else { return nil }
        changed[name] = indices
        return scan
    }

    /// The catalog with every changed entry read again, with each translation of a changed
    /// exhibit read again over its new primary text.
    mutating func apply(items: [String: WatchedLoad.ItemsFile]) -> Catalog? {
        let primaryName = DataFile.items.fileName(nil)
        var changedExhibits: [(id: String, position: Int)] = []
        if let indices = changed[primaryName] {
            guard let file = items[primaryName], catalog.primary.exhibits.count == file.scan.starts.count else { return nil }
            for index in indices {
                guard index >= WatchedLoad.languageSample, !file.problems.contains(index),
                      let entry = entry(index, of: primaryName, file) else { return nil }
                var reader = FieldReader(file: primaryName)
                guard let exhibit = ExhibitDecoder.decodeEntry(entry, index: index, floors: knownFloors, reader: &reader), reader.problemCount == 0 else { return nil }
                let old = catalog.primary.exhibits[index]
                // A changed stop may now be another exhibit's: only a whole load sees them all.
                guard exhibit.id == old.id, exhibit.stop == old.stop, exhibit.images.map(\.name) == old.images.map(\.name),
                      !exhibit.namesFiles, !old.namesFiles else { return nil }
                catalog.primary.exhibits[index] = exhibit
                changedExhibits.append((exhibit.id, index))
            }
        }
        let note = ExhibitDecoder.fallbackNote(catalog.primary.language)
        for translation in catalog.translations.indices {
            let name = DataFile.items.fileName(catalog.translations[translation].language)
            guard let file = items[name] else {
                // Without its items file a translation shows the primary texts, marked as such.
                if changedExhibits.isEmpty && changed[name] == nil { continue }
                return nil
            }
            var again = changedExhibits
            for index in changed[name] ?? [] {
                guard let id = file.idAtIndex[index],
                      let position = catalog.primary.exhibits.firstIndex(where: { $0.id == id }) else { return nil }
                again.append((id, position))
            }
            for (id, position) in again {
                guard let index = file.indexByID[id], !file.problems.contains(index),
                      let entry = entry(index, of: name, file), case .success(id) = FieldReader.text(entry, "image_name") else { return nil }
                var reader = FieldReader(file: name)
                let exhibit = ExhibitDecoder.translateEntry(entry, index: index, from: catalog.primary.exhibits[position], note: note, reader: &reader)
                // A recording or transcript file is found by a whole load.
                guard reader.problemCount == 0, !exhibit.namesFiles,
                      !catalog.translations[translation].exhibits[position].namesFiles else { return nil }
                catalog.translations[translation].exhibits[position] = exhibit
            }
        }
        catalog.fingerprint = fingerprint(after: catalog.fingerprint, items: items)
        return catalog
    }

    /// Entry `index` of a file as `file.scan` places it, read from the file as it is now
    /// (only the entry's bytes), and only if its bytes are still the ones the scan saw.
    private func entry(_ index: Int, of name: String, _ file: WatchedLoad.ItemsFile) -> JSONValue? {
        guard index < file.scan.starts.count else { return nil }
        let range = file.scan.range(of: index)
        guard case let .success(read) = boundary.read(folder.appendingPathComponent(name), range: range),
              read.count == range.count else { return nil }
        let chunk = read[...]
        let digest = chunk.withUnsafeBytes { JSONElementScan.digest($0) }
        guard digest == file.scan.digests[index] else { return nil }
        return try? JSONParser.parse(Array(JSONElementScan.trimmed(chunk, isLast: index + 1 == file.scan.starts.count)))
    }

    /// A fingerprint that changes with the entries that did: the last one's, mixed with
    /// each changed entry's digest.
    private func fingerprint(after previous: String, items: [String: WatchedLoad.ItemsFile]) -> String {
        var text = previous
        for (name, indices) in changed.sorted(by: { $0.key < $1.key }) {
            guard let digests = items[name]?.scan.digests else { continue }
            text += " " + name + indices.map { ":\($0)=\(digests[$0])" }.joined()
        }
        let digest = Array(text.utf8).withUnsafeBytes { JSONElementScan.digest($0) }
        let digits = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
