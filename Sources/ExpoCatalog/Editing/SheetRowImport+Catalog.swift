import Foundation

extension SheetRowImport {
    /// The catalog served now with the sheet's rows in its order: the rows that differ as
    /// they were decoded (keeping the recordings and videos their exhibit had), the others
    /// as the catalog holds them, the removed ones gone from the exhibits and the tours.
    mutating func made(from load: WatchedLoad, decoded: [String: [Language: Exhibit]], rowOfID: [String: Int],
                       bytes: [UInt8]) -> Catalog {
        var catalog = load.catalog
        let positions = load.primaryIndex.isEmpty
            ? Dictionary(catalog.primary.exhibits.enumerated().map { ($1.id, $0) }) { first, _ in first }
            : load.primaryIndex
        func reordered(_ edition: Edition) -> ExhibitTable {
            // Packed a run at a time: each exhibit is decoded to be moved, and a table of them
            // all decoded was a second catalog (about 100 MB of the studio's peak for Tate's
            // 69,202 records).
            var exhibits = ExhibitTable()
            for id in order {
                let old = positions[id].flatMap { edition.exhibits.indices.contains($0) ? edition.exhibits[$0] : nil }
                if var new = decoded[id]?[edition.language] {
                    if let old { new.keepFiles(of: old) }
                    exhibits.appendPacking(new)
                } else if var old {
                    if !givenStops.contains(id) { old.stop = exhibits.count + 1 }
                    exhibits.appendPacking(old)
                }
            }
            exhibits.pack()
            return exhibits
        }
        catalog.primary.exhibits = reordered(catalog.primary)
        for index in catalog.translations.indices {
            catalog.translations[index].exhibits = reordered(catalog.translations[index])
        }
        let kept = Set(order)
        for (index, tour) in catalog.primary.tours.enumerated() {
            for id in tour.stops where !kept.contains(id) {
                diagnostics.append(Diagnostic(.warning, file: DataFile.tours.fileName(nil), place: "[\(index)]",
                    "\"\(id)\" is no exhibit's id once this sheet is taken; this stop is left out of the tour \(tour.id)"))
            }
        }
        for edition in [\Catalog.primary] + catalog.translations.indices.map({ \Catalog.translations[$0] }) {
            catalog[keyPath: edition].tours = catalog[keyPath: edition].tours.map { tour in
                var tour = tour
                tour.stops = tour.stops.filter(kept.contains)
                return tour
            }
        }
        checkStops(catalog.primary.exhibits, rowOfID: rowOfID)
        let names = decoded.keys.sorted().flatMap { decoded[$0]?[catalog.primary.language]?.images.map(\.name) ?? [] }
            .filter { catalog.images[$0] == nil }
        if !names.isEmpty {
            var asked: Set<String> = []
            CatalogLoader.readImages(named: names, CatalogFolder(url: load.folderURL, readsSpreadsheets: false),
                                     into: &catalog.images, asked: &asked, diagnostics: &diagnostics)
        }
        let digest = bytes.withUnsafeBytes { JSONElementScan.digest($0) }
        let text = catalog.fingerprint + "\n" + Self.fileName + " " + EntryVersion.of(digest)
        catalog.fingerprint = EntryVersion.of(Array(text.utf8).withUnsafeBytes { JSONElementScan.digest($0) })
        return catalog
    }

    /// A warning at each changed or added row whose stop number another exhibit has first,
    /// as a load gives one: `/stop/N` leads to the first of them.
    private mutating func checkStops(_ exhibits: ExhibitTable, rowOfID: [String: Int]) {
        var first: [Int: String] = [:]
        for position in exhibits.indices {
            let stop = exhibits.stop(at: position)
            let id = exhibits.id(at: position)
            guard let other = first[stop] else {
                first[stop] = id
                continue
            }
            guard rewritten.contains(id) || rewritten.contains(other) else { continue }
            diagnostics.append(Diagnostic(.warning, file: Self.fileName, place: ":\(rowOfID[id] ?? 0) (stop)",
                                          "stop \(stop) is also the stop of \(other); /stop/\(stop) leads to the first of them"))
        }
    }
}
