import Foundation

/// A catalog folder's data files in the other format: JSON files as the two spreadsheets,
/// or the spreadsheets as JSON files, one per language. Images and every other file stay as they are.
public enum CatalogConversion {
    public enum Format: String, CaseIterable, Sendable {
        case csv, json
    }

    public struct Output: Sendable {
        /// The new data files, by name.
        public var files: [String: [UInt8]]
        /// The folder's files these stand in for, which a converted copy leaves out.
        public var replaced: Set<String>
        /// The folder's other files, which the copy gets as they are: where each really is,
        /// and its path in the copy.
        public var copied: [(source: URL, path: String)] = []
        /// What is in the folder but is no regular file in it (a FIFO, a link leading out), as notes.
        public var skipped: [Diagnostic] = []
    }

    /// The data files of the catalog folder at `url` in `format`. The folder is expected to
    /// load (see `CatalogLoader.load`); an iPhone project is not a folder of data files.
    public static func convert(folder url: URL, to format: Format) throws(CatalogError) -> Output {
        let folder = CatalogFolder(url: url)
        let names = folder.dataFileNames
        guard names.contains(DataFile.items.fileName(nil)) else {
            throw .notACatalog(path: url.path, searched: "convert reads a folder with items.json or items.csv, not an iPhone project")
        }
        func json(_ name: String) -> JSONValue? {
            if case let .success(value) = folder.readJSON(dataFile: name) { return value }
            return nil
        }
        func translations(_ kind: DataFile) -> [(Language, JSONValue)] {
            names.compactMap { name in
                guard let (file, language) = DataFile.parse(name), file == kind, let language, let value = json(name) else { return nil }
                return (language, value)
            }.sorted { $0.0 < $1.0 }
        }
        let realDataFiles = folder.fileNames.filter { name in
            DataFile.parse(name).map { DataFile.convertedFiles.contains($0.file) } ?? false
        }
        var output = Output(files: [:], replaced: realDataFiles.union(Spreadsheets.fileNames))
        switch format {
        case .csv:
            var files: [String: [UInt8]] = [:]
            if let items = json(DataFile.items.fileName(nil)) {
                files[ItemsSheet.fileName] = CSVWriter.bytes(SheetWriter.items(primary: items, translations: translations(.items)))
            }
            if let exposition = json(DataFile.exposition.fileName(nil)) {
                files[ExpositionSheet.fileName] = CSVWriter.bytes(
                    SheetWriter.exposition(primary: exposition, translations: translations(.exposition)))
            }
            if let tours = json(DataFile.tours.fileName(nil)) {
                files[ToursSheet.fileName] = CSVWriter.bytes(SheetWriter.tours(primary: tours, translations: translations(.tours)))
            }
            if let floors = json(DataFile.floors.fileName(nil)) {
                files[FloorsSheet.fileName] = CSVWriter.bytes(SheetWriter.floors(primary: floors, translations: translations(.floors)))
            }
            output.files = files
        case .json:
            var files: [String: [UInt8]] = [:]
            for name in names where DataFile.parse(name).map({ DataFile.convertedFiles.contains($0.file) }) ?? false {
                if let value = json(name) { files[name] = Array(JSONWriter.text(value).utf8) }
            }
            output.files = files
        }
        let others = OtherFiles(in: url, besides: output.replaced.union(output.files.keys))
        output.copied = others.files
        output.skipped = others.skipped
        return output
    }
}
