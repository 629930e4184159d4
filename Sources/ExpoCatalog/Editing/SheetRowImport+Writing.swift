import Foundation

/// Taking a sheet read row by row: a folder whose exhibits are `items.csv` gets the sheet
/// (in UTF-8); a folder of JSON files gets each language's items file in the sheet's order,
/// each unchanged entry copied from the file as it is and each changed or added one written
/// anew, so that the file changes where the sheet does. The sheet is read a second time, a
/// batch at a time, for the new entries' texts.
extension SheetRowImport {
    /// Whether the catalog's exhibits are a spreadsheet rather than JSON files.
    private static func keepsSheet(_ load: WatchedLoad) -> Bool { load.items[DataFile.items.fileName(nil)] == nil }

    /// The items files in the folder now, by name.
    private static func itemsFiles(_ load: WatchedLoad) -> [String] {
        load.stamps.keys.filter { DataFile.parse($0)?.file == .items }.sorted()
    }

    /// Each language's items file the sheet gives, by name (the main language's first).
    private func written(_ load: WatchedLoad) -> [(name: String, language: Language)] {
        let primary = load.catalog.primary.language
        return ([primary] + languages.filter { $0 != primary }.sorted()).map { language in
            (WatchedLoad.itemsFile(language, primary: primary), language)
        }
    }

    /// The files taking the sheet writes or removes.
    func fileNames(_ load: WatchedLoad) -> [String] {
        if Self.keepsSheet(load) { return [Self.fileName] + Self.itemsFiles(load) }
        return Array(Set(written(load).map(\.name) + Self.itemsFiles(load))).sorted()
    }

    /// Writes the sheet into the catalog's folder; nil, or why it was not written.
    func write(_ bytes: [UInt8], load: WatchedLoad) -> String? {
        let folder = load.folderURL
        var removed = Self.itemsFiles(load)
        if Self.keepsSheet(load) {
            if let problem = AtomicFile.write([.bytes(bytes)], from: -1, to: folder.appendingPathComponent(Self.fileName)) {
                return "\(Self.fileName) \(problem)"
            }
        } else {
            for (name, language) in written(load) {
                if let problem = writeItems(name, language, bytes, load: load) { return problem }
                removed.removeAll { $0 == name }
            }
        }
        for name in removed { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        return nil
    }

    /// One language's items file in the sheet's order.
    private func writeItems(_ name: String, _ language: Language, _ bytes: [UInt8], load: WatchedLoad) -> String? {
        let url = load.url(of: name)
        let primary = language == load.catalog.primary.language
        // The file as it was read, when it still is: its unchanged entries are copied from it.
        let known = load.items[name].flatMap { file -> (file: WatchedLoad.ItemsFile, source: OpenedFile)? in
            guard !file.scan.starts.isEmpty, let source = OpenedFile(url.path), source.stamp == load.stamps[name] else { return nil }
            return (file, source)
        }
        /// Where entry `index`'s value ends, before the comma or bracket after it.
        func trimmedEnd(_ index: Int) -> Int? {
            guard let (file, source) = known, file.scan.starts.indices.contains(index) else { return nil }
            let range = file.scan.range(of: index)
            guard let chunk = source.read(range) else { return nil }
            return range.lowerBound + JSONElementScan.trimmed(chunk[...], isLast: index + 1 == file.scan.starts.count).count
        }
        var indent = "  "
        var pieces: [AtomicFile.Piece] = [.bytes(Array("[\n  ".utf8))]
        var separator = Array(",\n  ".utf8)
        var suffix: [AtomicFile.Piece] = [.bytes(Array("\n]\n".utf8))]
        if let (file, source) = known, let firstEnd = trimmedEnd(0), let last = file.scan.starts.indices.last, let lastEnd = trimmedEnd(last) {
            let start = file.scan.starts[0]
            indent = WatchedLoad.indent(before: start, in: source.read(0..<start) ?? [])
            pieces = [.copy(0..<start)]
            if file.scan.starts.count > 1, let between = source.read(firstEnd..<file.scan.starts[1]) { separator = between }
            suffix = [.copy(lastEnd..<file.scan.byteCount)]
        }
        /// The entry copied last, by its index in the file and where its bytes end, so that
        /// two neighbours are copied with the bytes between them, in one run.
        var previous: (index: Int, end: Int)?
        var first = true
        let read = Self.eachBatch(bytes) { table in
            let sheet = ItemsSheet(table)
            guard case let .array(entries)? = sheet.lists[nil] else { return }
            for index in entries.indices {
                guard case let .string(id)? = entries[index]["image_name"] else { continue }
                let kept = rewritten.contains(id) ? nil : known.flatMap { primary ? load.primaryIndex[id] : $0.file.indexByID[id] }
                if let kept, let known, let end = trimmedEnd(kept) {
                    if let previous, previous.index + 1 == kept {
                        Self.append(.copy(previous.end..<end), to: &pieces)
                    } else {
                        if !first { pieces.append(.bytes(separator)) }
                        Self.append(.copy(known.file.scan.starts[kept]..<end), to: &pieces)
                    }
                    previous = (kept, end)
                } else {
                    if !first { pieces.append(.bytes(separator)) }
                    let entry = Self.entry(sheet.lists[primary ? nil : language], index, id: id)
                    pieces.append(.bytes(Array(JSONWriter.text(entry, indent: indent).utf8)))
                    previous = nil
                }
                first = false
            }
        }
        guard read else { return "\(Self.fileName) could not be read again" }
        if let problem = AtomicFile.write(pieces + suffix, from: known?.source.descriptor ?? -1, to: url) { return "\(name) \(problem)" }
        return nil
    }

    /// Appends a run of the file, joined to the run before it when they meet.
    private static func append(_ piece: AtomicFile.Piece, to pieces: inout [AtomicFile.Piece]) {
        if case let .copy(range) = piece, case let .copy(before)? = pieces.last, before.upperBound == range.lowerBound {
            pieces[pieces.count - 1] = .copy(before.lowerBound..<range.upperBound)
        } else {
            pieces.append(piece)
        }
    }
}
