import Foundation

/// A catalog folder's spreadsheets (`items.csv`, `exposition.csv`) as the data files they
/// stand for: `items.csv` with `name` and `name.en` columns is `items.json` and `items.en.json`.
struct Spreadsheets: Sendable {
    /// Each data file a spreadsheet gives, by its JSON name, or why the spreadsheet could not be read.
    private(set) var files: [String: Result<JSONValue, Diagnostic>] = [:]
    /// The spreadsheet each of those came from.
    private(set) var sources: [String: String] = [:]
    private(set) var places: [String: SheetPlaces] = [:]
    /// Unknown columns, rows that cannot be read, a language given twice.
    private(set) var diagnostics: [Diagnostic] = []

    static let fileNames = [ItemsSheet.fileName, ExpositionSheet.fileName, ToursSheet.fileName, FloorsSheet.fileName]

    /// Spreadsheets given as bytes (an import not yet taken), read in place of the folder's.
    private let given: [String: [UInt8]]

    /// The spreadsheets' readers, each with its file's name.
    static var readers: [any SpreadsheetReading.Type] { [ItemsSheet.self, ExpositionSheet.self, ToursSheet.self, FloorsSheet.self] }

    /// None at all: a folder looked at for its images alone.
    init() { given = [:] }

    init(folder: URL, fileNames: Set<String>, boundary: CatalogBoundary, given: [String: [UInt8]] = [:]) {
        self.given = given
        read(ItemsSheet.self, folder, fileNames, boundary)
        read(ExpositionSheet.self, folder, fileNames, boundary)
        read(ToursSheet.self, folder, fileNames, boundary)
        read(FloorsSheet.self, folder, fileNames, boundary)
    }

    /// Reads one spreadsheet, when the folder has it, into the data files it gives.
    private mutating func read<Sheet: SpreadsheetReading>(_: Sheet.Type, _ folder: URL, _ fileNames: Set<String>,
                                                          _ boundary: CatalogBoundary) {
        guard fileNames.contains(Sheet.fileName) else { return }
        switch read(folder, Sheet.fileName, boundary) {
        case let .success(table):
            let sheet = Sheet(table)
            if let encoding = table.legacyEncoding {
                diagnostics.append(Self.legacyNote(Sheet.fileName, encoding))
            }
            diagnostics += sheet.diagnostics
            for (language, json) in sheet.values {
                add(Sheet.kind, language, json, sheet.places[language], from: Sheet.fileName, besides: fileNames)
            }
        case let .failure(problem):
            add(failure: problem, Sheet.kind, besides: fileNames)
        }
    }

    /// The note for a sheet read in a code page.
    static func legacyNote(_ file: String, _ encoding: LegacyEncoding) -> Diagnostic {
        Diagnostic(.note, file: file, "is not UTF-8; read as \(encoding.name). If its text looks wrong, save it as \"CSV UTF-8 (Comma delimited)\"")
    }

    /// The spreadsheet that gives a kind of data file, when the folder has it.
    func sheet(for file: DataFile) -> String? {
        let name = Self.readers.first { $0.kind == file }?.fileName
        return name.flatMap { sources.values.contains($0) ? $0 : nil }
    }

    /// The spreadsheet's name for a place in a data file it gives, or the place as it is.
    func place(_ keyPath: String, inDataFile name: String) -> String {
        places[name]?.place(keyPath) ?? keyPath
    }

    private func read(_ folder: URL, _ name: String, _ boundary: CatalogBoundary) -> Result<CSVTable, Diagnostic> {
        if let bytes = given[name] { return CSVTable.read(bytes, file: name) }
        switch boundary.read(folder.appendingPathComponent(name), limit: .dataFile) {
        case let .success(bytes): return CSVTable.read(bytes, file: name)
        case let .failure(refusal): return .failure(Diagnostic(.error, file: name, refusal.message("not read")))
        }
    }

    private mutating func add(_ kind: DataFile, _ language: Language?, _ json: JSONValue, _ places: SheetPlaces?,
                              from sheet: String, besides fileNames: Set<String>) {
        let name = kind.fileName(language)
        if fileNames.contains(name) {
            let what = language.map { "the \($0.englishName) \(CatalogData.noun(kind))" } ?? "the \(CatalogData.noun(kind))"
            diagnostics.append(Diagnostic(.error, file: sheet,
                "\(name) gives \(what) too; keep one of the two (expo1900 convert turns one into the other)"))
            return
        }
        files[name] = .success(json)
        sources[name] = sheet
        self.places[name] = places
    }

    private mutating func add(failure: Diagnostic, _ kind: DataFile, besides fileNames: Set<String>) {
        let name = kind.fileName(nil)
        guard !fileNames.contains(name) else {
            diagnostics.append(failure)
            return
        }
        files[name] = .failure(failure)
        sources[name] = failure.file
    }
}

/// A spreadsheet read into the JSON values of the data files it stands for, by language.
protocol SpreadsheetReading {
    static var fileName: String { get }
    /// The kind of data file each language's value is.
    static var kind: DataFile { get }
    init(_ table: CSVTable)
    var values: [Language?: JSONValue] { get }
    var places: [Language?: SheetPlaces] { get }
    var diagnostics: [Diagnostic] { get }
}

extension ItemsSheet: SpreadsheetReading {
    static var kind: DataFile { .items }
    var values: [Language?: JSONValue] { lists }
}

extension FloorsSheet: SpreadsheetReading {
    static var kind: DataFile { .floors }
    var values: [Language?: JSONValue] { lists }
}

extension ExpositionSheet: SpreadsheetReading {
    static var kind: DataFile { .exposition }
    var values: [Language?: JSONValue] { objects }
}

extension ToursSheet: SpreadsheetReading {
    static var kind: DataFile { .tours }
    var values: [Language?: JSONValue] { lists }
}
