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

    /// The diagnostics a data file's reader made, with their places as the store names them.
    func located(_ diagnostics: [Diagnostic], inDataFile name: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
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
            for duplicate in duplicates {
                warnings.append(Diagnostic(.warning, file: displayPath, place: ":\(duplicate.line):\(duplicate.column)",
                    "duplicate key \"\(duplicate.key)\" (first at \(duplicate.firstLine):\(duplicate.firstColumn)); the first one is used"))
            }
            return .success(value)
        } catch {
            return .failure(Diagnostic(.error, file: displayPath, place: ":\(error.line):\(error.column)",
                                       "malformed JSON: \(error.message)"))
        }
    }
}

/// A store whose data files were all read and parsed up front, at the same time: a large
/// catalog's files (one per language and kind) then load in the time of the largest.
struct PrefetchedStore: CatalogStore {
    let base: any CatalogStore
    private let files: ParsedFiles
    /// The store's own problems, then what parsing met, file by file.
    let problems: [Diagnostic]
    /// A fingerprint of every data file's content, in name order: it changes when any text
    /// of the catalog does.
    let fingerprint: String

    init(_ base: any CatalogStore) {
        self.base = base
        let names = Array(base.dataFileNames).sorted()
        // The items files are nearly all of a catalog's data: one of them alone gets every
        // core; several share them, a file each.
        let itemsFiles = names.filter { DataFile.parse($0)?.file == .items }
        let results = Mutex<[String: (parsed: (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]), digest: UInt64)]>([:])
        @Sendable func read(_ name: String, workers: Int) {
            let parsed = base.parse(dataFile: name, workers: workers)
            let digest = (try? parsed.result.get()).map { JSONDigest.of($0) } ?? 0
            results.withLock { $0[name] = (parsed, digest) }
        }
        // A lone items file is read outside the files' own concurrentPerform: one nested in
        // another gets the cores left over (libdispatch divides them), so on two cores the
        // 57 MB file of a 69,202-exhibit collection was parsed and digested on one.
        let alone = itemsFiles.count == 1 ? itemsFiles[0] : nil
        let together = names.filter { $0 != alone }
        DispatchQueue.concurrentPerform(iterations: together.count) { index in read(together[index], workers: 1) }
        if let alone { read(alone, workers: ProcessInfo.processInfo.activeProcessorCount) }
        let all = results.withLock { $0 }
        let parsed = all.mapValues(\.parsed)
        files = ParsedFiles(parsed.mapValues(\.result))
        problems = base.problems + names.flatMap { parsed[$0]?.warnings ?? [] }
        fingerprint = names.map { name in
            let digits = String(all[name]?.digest ?? 0, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    var dataFileNames: Set<String> { base.dataFileNames }

    var candidateFileNames: Set<String> { base.candidateFileNames }

    func displayPath(ofDataFile name: String) -> String { base.displayPath(ofDataFile: name) }

    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic> {
        files.result(name) ?? base.readJSON(dataFile: name)
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

/// The parsed data files of a `PrefetchedStore`, held until the catalog is made of them.
private final class ParsedFiles: Sendable {
    private let results: Mutex<[String: Result<JSONValue, Diagnostic>]>

    init(_ results: [String: Result<JSONValue, Diagnostic>]) {
        self.results = Mutex(results)
    }

    func result(_ name: String) -> Result<JSONValue, Diagnostic>? {
        results.withLock { $0[name] }
    }

    func discardInBackground() {
        let taken = results.withLock { results in
            defer { results = [:] }
            return results
        }
        guard !taken.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(taken) {} }
    }
}
