import Foundation

/// A large JSON file's top-level list cut into runs of whole entries and read a group of runs
/// at a time, a run per core: what the main items file and a translation's read in runs
/// (`StreamedItems`, `StreamedTranslation`) share. Only a group's bytes are held.
struct ListFileRuns {
    let path: String
    let scan: JSONElementScan
    let runs: [Range<Int>]

    var count: Int { scan.starts.count }

    /// Nil when the file is not a well-formed list of at least `minimumCount` entries, or
    /// cannot be read: parsing it whole then says what is wrong, and where.
    init?(path: String, minimumCount: Int, runs: Int = 64) {
        guard let scan = JSONElementScan(file: path, digesting: false), scan.starts.count >= minimumCount else { return nil }
        self.path = path
        self.scan = scan
        self.runs = Runs.split(scan.starts.count, into: runs)
    }

    /// A group of runs read together.
    struct Group {
        /// The bytes from the group's first entry to the next group's.
        let bytes: [UInt8]
        /// Where each of the group's entries starts in `bytes`, then the next group's start
        /// where the bytes end before the file does.
        let starts: [Int]
        /// Where `bytes` start in the file.
        let offset: Int
        /// The list's index of the group's first entry.
        let first: Int
        /// The group's runs, by the index of their entries in `starts`.
        let runs: [Range<Int>]

        /// The digest of a run's bytes (`runs[run]`), as `StreamedItems` has always made it.
        func digest(of run: Range<Int>) -> UInt64 {
            let end = run.upperBound < starts.count ? starts[run.upperBound] : bytes.count
            return bytes.withUnsafeBytes { JSONElementScan.digest(UnsafeRawBufferPointer(rebasing: $0[starts[run.lowerBound]..<end])) }
        }

        /// A run's keys given twice, placed in the file rather than in the group's bytes.
        func inFile(_ duplicates: [JSONParser.OffsetDuplicate]) -> [JSONParser.OffsetDuplicate] {
            duplicates.map { JSONParser.OffsetDuplicate(key: $0.key, offset: $0.offset + offset, firstOffset: $0.firstOffset + offset) }
        }
    }

    /// The file's digest from its runs' digests in order, as `StreamedItems` has always made it.
    func digest(ofRuns digests: [UInt64]) -> UInt64 {
        (digests + [UInt64(count)]).withUnsafeBytes { JSONElementScan.digest($0) }
    }

    /// A warning for each key given twice (placed in the file), worded and placed as parsing
    /// the file whole does; nil when the file can no longer be read.
    func duplicateKeyWarnings(_ duplicates: [JSONParser.OffsetDuplicate], displayPath: String) -> [Diagnostic]? {
        guard let places = JSONFilePlaces.places(of: duplicates.flatMap { [$0.offset, $0.firstOffset] }, inFile: path) else { return nil }
        return duplicates.indices.map { index in
            let (place, first) = (places[2 * index], places[2 * index + 1])
            return JSONFile.duplicateKeyWarning(JSONDuplicateKey(key: duplicates[index].key, line: place.line, column: place.column,
                                                                 firstLine: first.line, firstColumn: first.column), file: displayPath)
        }
    }

    /// `body` of each group of up to `cores` runs, in the list's order. False when a group
    /// could not be read or `body` returned false; the groups after it are not read.
    func forEachGroup(cores: Int, _ body: (Group) -> Bool) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        for group in stride(from: 0, to: runs.count, by: max(cores, 1)) {
            let together = Array(runs[group..<min(group + max(cores, 1), runs.count)])
            let (first, last) = (together[0].lowerBound, together[together.count - 1].upperBound)
            let from = scan.starts[first]
            let endsFile = last == count
            let to = endsFile ? scan.byteCount : scan.starts[last]
            guard let bytes = CatalogBoundary.read(descriptor, from..<to), bytes.count == to - from else { return false }
            // The next run's start ends this one's last entry, after its comma.
            let starts = scan.starts[first..<last].map { $0 - from } + (endsFile ? [] : [to - from])
            let local = together.map { ($0.lowerBound - first)..<($0.upperBound - first) }
            guard body(Group(bytes: bytes, starts: starts, offset: from, first: first, runs: local)) else { return false }
        }
        return true
    }
}
