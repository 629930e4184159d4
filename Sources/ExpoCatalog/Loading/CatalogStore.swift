import Foundation
import Synchronization

/// Where a catalog's files come from: a plain folder, or an iPhone app's asset catalog.
/// The loader asks for data files by their plain names (`items.json`, `items.en.json`)
/// and for images by name (`poster`, `jikji`); each store finds them its own way.
protocol CatalogStore: Sendable {
    /// The plain names of the data files the store holds.
    var dataFileNames: Set<String> { get }
    /// How messages name a data file: its path within the catalog.
    func displayPath(ofDataFile name: String) -> String
    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic>
    /// The same, with the warnings reading it met that leave it usable (a key given twice).
    func parse(dataFile name: String) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic])
    /// The same, with up to `workers` cores sharing a large file.
    func parse(dataFile name: String, workers: Int) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic])
    /// The image's files, or nil with a warning saying why a placeholder is shown.
    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage?
    /// What finding the files met: ambiguous or unreadable data, in the store's own words.
    var problems: [Diagnostic] { get }
    /// Names that look like data files, whether or not their language suffix is a language.
    var candidateFileNames: Set<String> { get }
    /// How messages name a place in a data file: the key path (`[3].name`), or where a
    /// spreadsheet holds it (`:5 (name.en)`).
    func place(_ keyPath: String, inDataFile name: String) -> String
    /// How a message names a translation's data file that is not there, and what is missing:
    /// (`items.en.json`, "missing"), or, beside a spreadsheet, its lack of the language's columns.
    func absence(ofDataFile file: DataFile, _ language: Language) -> (file: String, message: String)
    /// A note for each image file in the catalog that no exhibit (nor the poster or flag) uses.
    func unusedImages(besides used: Set<String>) -> [Diagnostic]
    /// Where a loose file beside the images really is (a recording), or why it cannot be
    /// used; nil when the store holds no loose files (an app's project).
    func mediaFile(named name: String) -> Result<URL, CatalogBoundary.Refusal>?
    /// The bytes of a loose file beside the images (a transcript), as `mediaFile` finds it.
    func readMediaFile(named name: String) -> Result<[UInt8], CatalogBoundary.Refusal>?
    /// The exhibits of the main items file, what reading them found added to `reader`.
    func readItems(dataFile name: String, reader: inout FieldReader, floors: PositionDecoder.KnownFloors) -> Result<ItemsReading, Diagnostic>
    /// Each entry's index in a data file's list by its id (`image_name`), the first entry's
    /// for an id given twice: where messages place an exhibit's problems.
    func entryIndexes(ofDataFile name: String) -> [String: Int]
    /// Where a large data file that may be read a run at a time (`StreamedItems`) lies: a
    /// plain file of the folder, inside it, within the size limit, of at least `minimumSize` bytes.
    func streamablePath(ofDataFile name: String, minimumSize: Int) -> String?
    /// A translation's items file read in runs (`StreamedTranslation`), with the warnings
    /// parsing met; nil when the store reads it whole, and the loader then parses it.
    func translateItems(dataFile name: String, primary: ExhibitTable, primaryLanguage: Language,
                        untranslated: inout Set<String>, reader: inout FieldReader) -> (exhibits: ExhibitTable, warnings: [Diagnostic])?
}

/// The main items file read: its exhibits (nil when it is no list), what the shared-stops
/// check needs of each entry, and warnings reading met that leave it usable (a key given twice).
struct ItemsReading {
    var exhibits: ExhibitTable?
    var shapes: [StopNumbers.EntryShape]
    var warnings: [Diagnostic] = []
}

extension CatalogStore {
    func parse(dataFile name: String) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]) {
        (readJSON(dataFile: name), [])
    }

    func parse(dataFile name: String, workers: Int) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]) {
        parse(dataFile: name)
    }

    var problems: [Diagnostic] { [] }
    var candidateFileNames: Set<String> { dataFileNames }
    func place(_ keyPath: String, inDataFile name: String) -> String { keyPath }
    func unusedImages(besides used: Set<String>) -> [Diagnostic] { [] }
    func mediaFile(named name: String) -> Result<URL, CatalogBoundary.Refusal>? { nil }
    func readMediaFile(named name: String) -> Result<[UInt8], CatalogBoundary.Refusal>? { nil }
    func absence(ofDataFile file: DataFile, _ language: Language) -> (file: String, message: String) {
        (displayPath(ofDataFile: file.fileName(language)), "missing")
    }

    func readItems(dataFile name: String, reader: inout FieldReader, floors: PositionDecoder.KnownFloors) -> Result<ItemsReading, Diagnostic> {
        ItemsReading.decoding(parse(dataFile: name), reader: &reader, floors: floors)
    }

    func entryIndexes(ofDataFile name: String) -> [String: Int] {
        JSONFile.entryIndexes(readJSON(dataFile: name))
    }

    func streamablePath(ofDataFile name: String, minimumSize: Int) -> String? { nil }

    func translateItems(dataFile name: String, primary: ExhibitTable, primaryLanguage: Language,
                        untranslated: inout Set<String>, reader: inout FieldReader) -> (exhibits: ExhibitTable, warnings: [Diagnostic])? {
        nil
    }

    /// The diagnostics a data file's reader made, with their places as the store names them.
    func located(_ diagnostics: [Diagnostic], inDataFile name: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var located = diagnostic
            located.place = place(diagnostic.place, inDataFile: name)
            return located
        }
    }

    /// The notes a data file's reader folded, with their places as the store names them.
    func located(_ notes: DiagnosticFold, inDataFile name: String) -> DiagnosticFold {
        notes.mapKept { diagnostic in
            var located = diagnostic
            located.place = place(diagnostic.place, inDataFile: name)
            return located
        }
    }
}

/// Reading and parsing one JSON file, with every failure as a diagnostic naming it.
enum JSONFile {
    /// The file's value; a key given twice in one object adds a warning to `warnings`.
    static func read(_ url: URL, displayPath: String, within boundary: CatalogBoundary,
                     limit: CatalogBoundary.SizeLimit = .dataFile, workers: Int = 1, warnings: inout [Diagnostic]) -> Result<JSONValue, Diagnostic> {
        let bytes: [UInt8]
        switch boundary.read(url, limit: limit) {
        case let .success(read): bytes = read
        case let .failure(refusal): return .failure(Diagnostic(.error, file: displayPath, refusal.message("not read")))
        }
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if content.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(Diagnostic(.error, file: displayPath, "the file is empty"))
        }
        do throws(JSONSyntaxError) {
            var duplicates: [JSONDuplicateKey] = []
            let value = try JSONParser.parse(bytes, duplicates: &duplicates, workers: workers)
            warnings += duplicates.map { duplicateKeyWarning($0, file: displayPath) }
            return .success(value)
        } catch {
            return .failure(Diagnostic(.error, file: displayPath, place: ":\(error.line):\(error.column)",
                                       "malformed JSON: \(error.message)"))
        }
    }
}

extension JSONFile {
    /// Each entry's index in a list by its id (`image_name`), the first entry's for an id given twice.
    static func entryIndexes(_ file: Result<JSONValue, Diagnostic>) -> [String: Int] {
        guard case let .success(.array(entries)) = file else { return [:] }
        var indexes: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if case let .string(id)? = entry["image_name"], indexes[id] == nil { indexes[id] = index }
        }
        return indexes
    }

    static func duplicateKeyWarning(_ duplicate: JSONDuplicateKey, file: String) -> Diagnostic {
        Diagnostic(.warning, file: file, place: ":\(duplicate.line):\(duplicate.column)",
                   "duplicate key \"\(duplicate.key)\" (first at \(duplicate.firstLine):\(duplicate.firstColumn)); the first one is used")
    }
}

extension ItemsReading {
    /// An items file parsed whole, decoded.
    static func decoding(_ json: JSONValue, reader: inout FieldReader, floors: PositionDecoder.KnownFloors) -> ItemsReading {
        let exhibits = ExhibitDecoder.decode(json, reader: &reader, floors: floors)
        guard case let .array(list) = json else { return ItemsReading(exhibits: exhibits, shapes: []) }
        return ItemsReading(exhibits: exhibits, shapes: list.map(StopNumbers.EntryShape.init))
    }

    /// A parse's result decoded, with the warnings parsing met.
    static func decoding(_ parsed: (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]), reader: inout FieldReader,
                         floors: PositionDecoder.KnownFloors) -> Result<ItemsReading, Diagnostic> {
        parsed.result.map { json in
            var reading = decoding(json, reader: &reader, floors: floors)
            reading.warnings = parsed.warnings
            return reading
        }
    }
}

/// A store whose data files were all read and parsed up front, at the same time: a large
/// catalog's files (one per language and kind) then load in the time of the largest. A large
/// main `items.json` is the exception: it is read later, a run at a time (`StreamedItems`).
struct PrefetchedStore: CatalogStore {
    let base: any CatalogStore
    private let files: ParsedFiles
    /// The store's own problems, then what parsing met, file by file.
    let problems: [Diagnostic]
    private let names: [String]
    /// The main items file when it is read a run at a time, and where it lies.
    private let streamed: (name: String, path: String)?
    /// Translations' items files as large as a streamed one, and where they lie: each is
    /// read in runs when the loader comes to it (`StreamedTranslation`), or else parsed
    /// then, and let go once translated. Parsed up front, they were all held at once: an
    /// English file of 160 MB beside 100,000 exhibits doubled a load's peak.
    private let deferred: [String: String]

    /// Where the main items file's clean runs are kept packed between starts.
    private let runCache: CatalogRunCache?

    /// `streamedFrom`: the size from which the main items file of a plain folder is read in runs.
    init(_ base: any CatalogStore, streamedFrom: Int = StreamedItems.streamedSize, runCache: CatalogRunCache? = nil) {
        self.runCache = runCache
        self.base = base
        let names = Array(base.dataFileNames).sorted()
        self.names = names
        // The items files are nearly all of a catalog's data: one of them alone gets every
        // core; several share them, a file each.
        let itemsFiles = names.filter { DataFile.parse($0)?.file == .items }
        let mainItems = DataFile.items.fileName(nil)
        let streamed = base.streamablePath(ofDataFile: mainItems, minimumSize: streamedFrom).map { (name: mainItems, path: $0) }
        self.streamed = streamed
        let parsed = ParsedFiles()
        @Sendable func read(_ name: String, workers: Int) {
            parsed.keep(name, base.parse(dataFile: name, workers: workers))
        }
        // A lone items file is read outside the files' own concurrentPerform: one nested in
        // another gets the cores left over (libdispatch divides them), so on two cores the
        // 57 MB file of a 69,202-exhibit collection was parsed and digested on one.
        var deferred: [String: String] = [:]
        for name in itemsFiles where name != mainItems {
            deferred[name] = base.streamablePath(ofDataFile: name, minimumSize: streamedFrom)
        }
        self.deferred = deferred
        let alone = itemsFiles.count == 1 ? itemsFiles[0] : nil
        let together = names.filter { $0 != alone && $0 != streamed?.name && deferred[$0] == nil }
        DispatchQueue.concurrentPerform(iterations: together.count) { index in read(together[index], workers: 1) }
        if let alone, alone != streamed?.name { read(alone, workers: ProcessInfo.processInfo.activeProcessorCount) }
        files = parsed
        problems = base.problems + names.flatMap { parsed.warnings($0) }
    }

    /// A fingerprint of every data file's content, in name order: it changes when any text
    /// of the catalog does. A streamed file's part is known once it has been read.
    var fingerprint: String {
        names.map { name in
            let digits = String(files.digest(name), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    var dataFileNames: Set<String> { base.dataFileNames }

    var candidateFileNames: Set<String> { base.candidateFileNames }

    func displayPath(ofDataFile name: String) -> String { base.displayPath(ofDataFile: name) }

    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic> {
        parse(dataFile: name).result
    }

    /// The warnings parsing met are the store's `problems`, but for a deferred file's, which
    /// come with it.
    func parse(dataFile name: String) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]) {
        guard deferred[name] != nil else { return (files.result(name) ?? base.readJSON(dataFile: name), []) }
        let parsed = base.parse(dataFile: name, workers: ProcessInfo.processInfo.activeProcessorCount)
        // Its part of the fingerprint and its entries' places are kept; its values are not.
        let digest = (try? parsed.result.get()).map { JSONDigest.of($0) } ?? 0
        files.keep(name, digest: digest, indexByID: JSONFile.entryIndexes(parsed.result))
        return parsed
    }

    func translateItems(dataFile name: String, primary: ExhibitTable, primaryLanguage: Language,
                        untranslated: inout Set<String>, reader: inout FieldReader) -> (exhibits: ExhibitTable, warnings: [Diagnostic])? {
        guard let path = deferred[name],
              let read = StreamedTranslation.read(path: path, displayPath: displayPath(ofDataFile: name), primary: primary,
                                                  primaryLanguage: primaryLanguage, untranslated: &untranslated, reader: &reader) else { return nil }
        files.keep(name, digest: read.digest, indexByID: read.indexByID)
        return (read.exhibits, read.duplicateKeys)
    }

    func readItems(dataFile name: String, reader: inout FieldReader, floors: PositionDecoder.KnownFloors) -> Result<ItemsReading, Diagnostic> {
        if let streamed, streamed.name == name {
            if let items = StreamedItems.read(path: streamed.path, displayPath: displayPath(ofDataFile: name), floors: floors,
                                              cache: runCache, reader: &reader) {
                files.keep(name, digest: items.digest, indexByID: items.indexByID)
                return .success(ItemsReading(exhibits: items.exhibits, shapes: items.shapes, warnings: items.duplicateKeys))
            }
            // Not a well-formed list: parsed whole, which says what is wrong and where.
            let parsed = base.parse(dataFile: name, workers: ProcessInfo.processInfo.activeProcessorCount)
            files.keep(name, parsed)
            return ItemsReading.decoding(parsed, reader: &reader, floors: floors)
        }
        return readJSON(dataFile: name).map { ItemsReading.decoding($0, reader: &reader, floors: floors) }
    }

    func entryIndexes(ofDataFile name: String) -> [String: Int] {
        files.indexByID(name) ?? JSONFile.entryIndexes(readJSON(dataFile: name))
    }

    /// Lets go of the parsed files on another thread, once the catalog is made of them:
    /// freeing the millions of values of a large collection took a twentieth of a second
    /// before its first answer. The store then reads a file again if asked.
    func discardParsedFiles() {
        files.discardInBackground()
    }

    func place(_ keyPath: String, inDataFile name: String) -> String { base.place(keyPath, inDataFile: name) }

    func absence(ofDataFile file: DataFile, _ language: Language) -> (file: String, message: String) {
        base.absence(ofDataFile: file, language)
    }

    func unusedImages(besides used: Set<String>) -> [Diagnostic] { base.unusedImages(besides: used) }

    func mediaFile(named name: String) -> Result<URL, CatalogBoundary.Refusal>? { base.mediaFile(named: name) }

    func readMediaFile(named name: String) -> Result<[UInt8], CatalogBoundary.Refusal>? { base.readMediaFile(named: name) }

    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        base.image(named: name, diagnostics: &diagnostics)
    }
}

/// The parsed data files of a `PrefetchedStore`, held until the catalog is made of them,
/// and what stays known of each once they are let go: its digest, its warnings, and for a
/// streamed file its entries' indexes by id.
private final class ParsedFiles: Sendable {
    private struct File {
        var result: Result<JSONValue, Diagnostic>?
        var warnings: [Diagnostic] = []
        var digest: UInt64 = 0
        var indexByID: [String: Int]?
    }

    private let files = Mutex<[String: File]>([:])

    /// A file parsed whole.
    func keep(_ name: String, _ parsed: (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic])) {
        let digest = (try? parsed.result.get()).map { JSONDigest.of($0) } ?? 0
        files.withLock { $0[name] = File(result: parsed.result, warnings: parsed.warnings, digest: digest) }
    }

    /// A file read a run at a time: nothing of it is held but this.
    func keep(_ name: String, digest: UInt64, indexByID: [String: Int]) {
        files.withLock { $0[name] = File(digest: digest, indexByID: indexByID) }
    }

    func result(_ name: String) -> Result<JSONValue, Diagnostic>? {
        files.withLock { $0[name]?.result }
    }

    func warnings(_ name: String) -> [Diagnostic] {
        files.withLock { $0[name]?.warnings ?? [] }
    }

    func digest(_ name: String) -> UInt64 {
        files.withLock { $0[name]?.digest ?? 0 }
    }

    func indexByID(_ name: String) -> [String: Int]? {
        files.withLock { $0[name]?.indexByID }
    }

    func discardInBackground() {
        let taken = files.withLock { files in
            var taken: [Result<JSONValue, Diagnostic>] = []
            for name in files.keys {
                if let result = files[name]?.result { taken.append(result) }
                files[name]?.result = nil
                files[name]?.indexByID = nil
            }
            return taken
        }
        guard !taken.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(taken) {} }
    }
}
