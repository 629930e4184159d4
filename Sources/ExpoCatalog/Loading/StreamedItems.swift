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

    /// What a core made of one run of entries.
    private struct Run: Sendable {
        var part: ExhibitDecoder.Part
        var digest: UInt64
        var shapes: [StopNumbers.EntryShape] = []
        var ids: [(id: String, index: Int)] = []
        var duplicates: [JSONParser.OffsetDuplicate]
    }

    /// The file at `path` read in runs, its findings added to `reader`. Nil (and `reader`
    /// untouched) when it is not a well-formed list of at least `minimumCount` entries, or
    /// cannot be read: parsing it whole then says what is wrong, and where.
    static func read(path: String, displayPath: String, floors: PositionDecoder.KnownFloors,
                     reader: inout FieldReader) -> StreamedItems? {
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
        let read = list.forEachGroup(cores: cores) { group in
            let done = Runs.map(group.runs) { local -> Run? in
                let table = tables[group.runs.firstIndex(of: local)!]
                return group.bytes.withUnsafeBufferPointer { buffer in
                    readRun(buffer, starts: group.starts, local, first: group.first, file: file, keepsNotes: keepsNotes, floors: floors, texts: table)
                }
            }
            var parts: [ExhibitDecoder.Part] = []
            for run in done {
                guard let run else { return false }
                runDigests.append(run.digest)
                duplicates += run.duplicates.map {
                    JSONParser.OffsetDuplicate(key: $0.key, offset: $0.offset + group.offset, firstOffset: $0.firstOffset + group.offset)
                }
                shapes += run.shapes
                for (id, index) in run.ids where indexByID[id] == nil { indexByID[id] = index }
                parts.append(run.part)
            }
            guard parts.count == group.runs.count else { return false }
            gathered.add(&parts, to: &found)
            return true
        }
        guard read else { return nil }
        guard let places = JSONFilePlaces.places(of: duplicates.flatMap { [$0.offset, $0.firstOffset] }, inFile: path) else { return nil }
        found.reportUnknownKeys()
        reader = found
        let warnings = duplicates.indices.map { index in
            let (place, first) = (places[2 * index], places[2 * index + 1])
            return JSONFile.duplicateKeyWarning(JSONDuplicateKey(key: duplicates[index].key, line: place.line, column: place.column,
                                                                 firstLine: first.line, firstColumn: first.column), file: displayPath)
        }
        runDigests.append(UInt64(count))
        let digest = runDigests.withUnsafeBytes { JSONElementScan.digest($0) }
        return StreamedItems(exhibits: gathered.exhibits, digest: digest,
                             duplicateKeys: warnings, shapes: shapes, indexByID: indexByID)
    }

    /// One run's entries (`entries` of `starts`, the list's index of the first read being
    /// `first`), parsed, digested and decoded; its values are let go on the same core.
    private static func readRun(_ chunk: UnsafeBufferPointer<UInt8>, starts: [Int], _ entries: Range<Int>, first: Int, file: String, keepsNotes: Bool,
                             floors: PositionDecoder.KnownFloors, texts: TextTable) -> Run? {
        guard let parsed = JSONParser.parseEntries(chunk, starts: starts, entries: entries) else { return nil }
        let values = parsed.values[...]
        let end = entries.upperBound < starts.count ? starts[entries.upperBound] : chunk.count
        var part = ExhibitDecoder.decodePart(values, first: first + entries.lowerBound, file: file, keepsNotes: keepsNotes,
                                             floors: floors, texts: texts)
        // Packed here, on the run's core: the exhibits are let go before the next run is read.
        part.pack()
        var run = Run(part: part,
                      digest: JSONElementScan.digest(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: chunk[starts[entries.lowerBound]..<end]))),
                      duplicates: parsed.duplicates)
        run.shapes.reserveCapacity(values.count)
        for (offset, value) in values.enumerated() {
            run.shapes.append(StopNumbers.EntryShape(value))
            if case let .string(id)? = value["image_name"] { run.ids.append((id, first + entries.lowerBound + offset)) }
        }
        return run
    }
}
