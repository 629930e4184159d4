import Foundation

/// A large `items.json` read a few runs of entries at a time: each run is read from the
/// file, then parsed, digested and decoded on a core of its own, and let go. Parsing the
/// file whole held all its values at once, about three times its bytes: 1.05 GB for the
/// 352 MB of 400,000 records, more than the exhibits made of them. This holds a run's
/// values per core beside the exhibits, and finds the same exhibits and messages.
struct StreamedItems {
    /// Files at least this large are read in runs; smaller ones are parsed whole.
    static let streamedSize = 16 << 20
    /// A list of fewer entries is parsed whole: its runs would be few and large.
    static let minimumCount = 4096

    var exhibits: ExhibitTable
    /// A digest of the file's bytes, run by run: its part of the catalog's fingerprint. Not
    /// `JSONDigest.of` its values, which retained and released each of them once more, a
    /// tenth of the load; a file's spacing changed alone changes it, which costs a new cache.
    var digest: UInt64
    /// A warning for each key given twice, as parsing the file whole words and places it.
    var duplicateKeys: [Diagnostic]
    var shapes: [StopNumbers.EntryShape]
    /// Each entry's index by its id as written, the first entry's for an id given twice.
    var indexByID: [String: Int]
    /// How many of the file's runs were read back from the cache, not parsed.
    var runsKept = 0

    /// What a core made of one run of entries.
    private struct Run: Sendable {
        var part: ExhibitDecoder.Part
        var digest: UInt64
        var shapes: [StopNumbers.EntryShape] = []
        var ids: [(id: String, index: Int)] = []
        var duplicates: [JSONParser.OffsetDuplicate]
        /// Whether it was read back from the cache.
        var kept = false
    }

    /// The file at `path` read in runs, its findings added to `reader`. Nil (and `reader`
    /// untouched) when it is not a well-formed list of at least `minimumCount` entries, or
    /// cannot be read: parsing it whole then says what is wrong, and where.
    /// `cache`: where clean runs are kept, read back when their bytes did not change.
    static func read(path: String, displayPath: String, floors: PositionDecoder.KnownFloors,
                     cache: CatalogRunCache? = nil, reader: inout FieldReader) -> StreamedItems? {
        guard let list = ListFileRuns(path: path, minimumCount: minimumCount) else { return nil }
        let count = list.count
        // A run for each core at a time, each core with its own table of recurring texts.
        let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let tables = (0..<cores).map { _ in TextTable() }
        var found = reader
        let file = reader.file
        let keepsNotes = reader.keepsNotes
        var gathered = ExhibitDecoder.Gathered()
        gathered.exhibits.reserveCapacity(count)
        var runDigests: [UInt64] = []
        var duplicates: [JSONParser.OffsetDuplicate] = []
        var shapes: [StopNumbers.EntryShape] = []
        shapes.reserveCapacity(count)
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(count)
        var runsKept = 0
        let read = list.forEachGroup(cores: cores) { group in
            let done = Runs.map(group.runs) { local -> Run? in
                let table = tables[group.runs.firstIndex(of: local)!]
                return group.bytes.withUnsafeBufferPointer { buffer in
                    readRun(buffer, starts: group.starts, local, first: group.first, file: file, keepsNotes: keepsNotes, floors: floors, texts: table,
                            cache: cache)
                }
            }
            var parts: [ExhibitDecoder.Part] = []
            for run in done {
                guard let run else { return false }
                runDigests.append(run.digest)
                runsKept += run.kept ? 1 : 0
                duplicates += group.inFile(run.duplicates)
                shapes += run.shapes
                for (id, index) in run.ids where indexByID[id] == nil { indexByID[id] = index }
                parts.append(run.part)
            }
            guard parts.count == group.runs.count else { return false }
            gathered.add(&parts, to: &found)
            return true
        }
        guard read, let warnings = list.duplicateKeyWarnings(duplicates, displayPath: displayPath) else { return nil }
        found.reportUnknownKeys()
        reader = found
        return StreamedItems(exhibits: gathered.exhibits, digest: list.digest(ofRuns: runDigests),
                             duplicateKeys: warnings, shapes: shapes, indexByID: indexByID, runsKept: runsKept)
    }

    /// One run's entries (`entries` of `starts`, the list's index of the first read being
    /// `first`), read back from `cache` or parsed, digested and decoded (and then kept in
    /// `cache` when clean); its values are let go on the same core.
    private static func readRun(_ chunk: UnsafeBufferPointer<UInt8>, starts: [Int], _ entries: Range<Int>, first: Int, file: String, keepsNotes: Bool,
                                floors: PositionDecoder.KnownFloors, texts: TextTable, cache: CatalogRunCache?) -> Run? {
        let end = entries.upperBound < starts.count ? starts[entries.upperBound] : chunk.count
        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: chunk[starts[entries.lowerBound]..<end]))
        let digest = JSONElementScan.digest(bytes)
        let key = cache.map { _ in
            CatalogRunCache.key(digest: digest, byteCount: bytes.count, first: first + entries.lowerBound, count: entries.count,
                                setting: CatalogRunCache.Setting(keepsNotes: keepsNotes, floors: floors))
        }
        if let cache, let key, let kept = cache.read(key, count: entries.count),
           let run = keptRun(kept, first: first + entries.lowerBound, digest: digest, file: file, keepsNotes: keepsNotes) {
            return run
        }
        guard let parsed = JSONParser.parseEntries(chunk, starts: starts, entries: entries) else { return nil }
        let values = parsed.values[...]
        var part = ExhibitDecoder.decodePart(values, first: first + entries.lowerBound, file: file, keepsNotes: keepsNotes,
                                             floors: floors, texts: texts)
        // Packed here, on the run's core: the exhibits are let go before the next run is read.
        part.pack()
        var run = Run(part: part, digest: digest, duplicates: parsed.duplicates)
        run.shapes.reserveCapacity(values.count)
        for (offset, value) in values.enumerated() {
            run.shapes.append(StopNumbers.EntryShape(value))
            if case let .string(id)? = value["image_name"] { run.ids.append((id, first + entries.lowerBound + offset)) }
        }
        if let cache, let key, let packed = run.part.packed {
            let kept = CatalogRunCache.Entry(packed: packed, givesStop: run.shapes.map(\.givesStop), givesImages: values.map { $0["images"] != nil })
            if isClean(run, as: kept, keepsNotes: keepsNotes) { cache.write(key, kept) }
        }
        return run
    }

    /// Whether reading the run back (`kept`) gives all it found: every entry an object that
    /// made an exhibit of packed texts under the id it wrote, and nothing said about any of
    /// them but the note on alt text every packed exhibit gets when notes are made.
    private static func isClean(_ run: Run, as kept: CatalogRunCache.Entry, keepsNotes: Bool) -> Bool {
        let reader = run.part.reader
        guard run.duplicates.isEmpty, reader.diagnostics.isEmpty, reader.problemCount == 0, reader.entriesWithProblems.isEmpty,
              reader.untranslated.isEmpty, run.shapes.allSatisfy(\.isObject), run.ids.count == run.part.packedIDs.count,
              zip(run.ids, run.part.packedIDs).allSatisfy({ $0.id == $1 }) else { return false }
        var expected = FieldReader(file: reader.file)
        expected.keepsNotes = keepsNotes
        noteImages(of: kept, first: run.part.first, reader: &expected)
        return expected.publishingNotes == reader.publishingNotes
    }

    /// The notes decoding a kept run's entries made: each packed exhibit shows only the
    /// image its id names, which has no alt text.
    private static func noteImages(of kept: CatalogRunCache.Entry, first: Int, reader: inout FieldReader) {
        guard reader.keepsNotes else { return }
        for position in 0..<kept.packed.count {
            ExhibitDecoder.noteImagesWithoutAlt([ExhibitImage(name: kept.packed.id(at: position))], givenImages: kept.givesImages[position],
                                                place: "[\(first + position)]", reader: &reader)
        }
    }

    /// A run read back: as parsing it found it, with nothing to say. Nil when an id is not
    /// one a clean run holds (a file made by hand in the cache's folder): the run is parsed.
    private static func keptRun(_ kept: CatalogRunCache.Entry, first: Int, digest: UInt64, file: String, keepsNotes: Bool) -> Run? {
        let ids = (0..<kept.packed.count).map { kept.packed.id(at: $0) }
        guard ids.allSatisfy({ Exhibit.isSafeID($0) && Exhibit.lengthProblem($0) == nil }) else { return nil }
        var reader = FieldReader(file: file)
        reader.keepsNotes = keepsNotes
        var part = ExhibitDecoder.Part(first: first, reader: reader)
        noteImages(of: kept, first: first, reader: &part.reader)
        part.entries = Array(repeating: (nil, 0), count: kept.packed.count)
        part.packedIDs = ids
        part.packed = kept.packed
        var run = Run(part: part, digest: digest, duplicates: [], kept: true)
        run.shapes = kept.givesStop.map { StopNumbers.EntryShape(isObject: true, givesStop: $0) }
        run.ids = ids.enumerated().map { ($1, first + $0) }
        return run
    }
}
