import Foundation

/// A catalog as a plain folder: the data files and images side by side.
struct CatalogFolder: CatalogStore {
    let url: URL
    let boundary: CatalogBoundary
    /// The names of the entries directly in the folder.
    let fileNames: Set<String>
    /// The same names by their lowercased form, for matching image extensions in any case.
    let fileNamesByLowercase: [String: [String]]
    /// Every name with its extension and scale suffix taken off, lowercased: a name that is
    /// not here has no image file, and a catalog of 100,000 exhibits asks for each.
    let imageStems: Set<String>
    /// `items.csv` and `exposition.csv`, as the data files they stand for.
    let spreadsheets: Spreadsheets

    /// The folder at `url`; `sheets` (spreadsheets by their names, `items.csv` …) stand in
    /// for the folder's own spreadsheet and data files of the same kind, as if they were there.
    /// `readsSpreadsheets`: false to look for images alone, without reading a large `items.csv`.
    /// `leavingOut`: a kind of data file (its JSON files and its spreadsheet) the folder is
    /// read without, for a load given that kind already read (`CatalogLoader.Known`).
    init(url: URL, sheets: [String: [UInt8]] = [:], readsSpreadsheets: Bool = true, leavingOut: DataFile? = nil) {
        self.url = url
        boundary = CatalogBoundary(url)
        var names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if let leavingOut {
            let sheet = Spreadsheets.readers.first { $0.kind == leavingOut }?.fileName
            names.removeAll { $0 == sheet || DataFile.parse($0)?.file == leavingOut }
        }
        if !sheets.isEmpty {
            var kinds: Set<DataFile> = []
            for reader in Spreadsheets.readers where sheets[reader.fileName] != nil { kinds.insert(reader.kind) }
            names = names.filter { name in
                sheets[name] == nil && !(DataFile.parse(name).map { kinds.contains($0.file) } ?? false)
            } + sheets.keys
        }
        self.fileNames = Set(names)
        self.fileNamesByLowercase = Dictionary(grouping: names) { $0.lowercased() }
        self.imageStems = Set(names.map(Self.imageStem))
        self.spreadsheets = readsSpreadsheets ? Spreadsheets(folder: url, fileNames: fileNames, boundary: boundary, given: sheets) : Spreadsheets()
    }

    var dataFileNames: Set<String> {
        fileNames.filter { DataFile.parse($0) != nil }.union(spreadsheets.files.keys)
    }

    var candidateFileNames: Set<String> { fileNames.filter { DataFile.suffix(of: $0) != nil } }

    var problems: [Diagnostic] { spreadsheets.diagnostics }

    func displayPath(ofDataFile name: String) -> String { spreadsheets.sources[name] ?? name }

    func place(_ keyPath: String, inDataFile name: String) -> String {
        spreadsheets.place(keyPath, inDataFile: name)
    }

    func absence(ofDataFile file: DataFile, _ language: Language) -> (file: String, message: String) {
        let name = file.fileName(language)
        guard !fileNames.contains(name), let sheet = spreadsheets.sheet(for: file) else { return (name, "missing") }
        let examples = (file == .items ? ["name", "desc"] : file == .tours ? ["title", "description"] : ["title", "location"])
            .map { "\($0).\(language.code)" }
        return (sheet, "no \(language.englishName) \(file == .exposition ? "rows" : "columns") (\(examples.joined(separator: ", ")) …)")
    }

    func unusedImages(besides used: Set<String>) -> [Diagnostic] {
        let imageExtensions = Set(ImageFormat.extensions.map(\.ext))
        return fileNames.sorted().compactMap { fileName in
            let url = URL(fileURLWithPath: fileName)
            guard imageExtensions.contains(url.pathExtension.lowercased()) else { return nil }
            var stem = url.deletingPathExtension().lastPathComponent
            for (suffix, _) in ImageFinder.scaleSuffixes where !suffix.isEmpty && stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
            guard !used.contains(stem) else { return nil }
            return Diagnostic(.warning, file: fileName, "no exhibit uses this image (by image_name or images.N.name); it is not published")
        }
    }

    /// `jikji@2x.PNG` → `jikji`.
    static func imageStem(_ fileName: String) -> String {
        var stem = fileName.lowercased()
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        for (suffix, _) in ImageFinder.scaleSuffixes where !suffix.isEmpty && stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        return stem
    }

    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic> {
        parse(dataFile: name).result
    }

    func parse(dataFile name: String) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]) {
        parse(dataFile: name, workers: 1)
    }

    func parse(dataFile name: String, workers: Int) -> (result: Result<JSONValue, Diagnostic>, warnings: [Diagnostic]) {
        if let sheet = spreadsheets.files[name] { return (sheet, []) }
        var warnings: [Diagnostic] = []
        let result = JSONFile.read(url.appendingPathComponent(name), displayPath: name, within: boundary, workers: workers, warnings: &warnings)
        return (result, warnings)
    }

    func streamablePath(ofDataFile name: String, minimumSize: Int) -> String? {
        guard spreadsheets.files[name] == nil, fileNames.contains(name),
              case let .success(path) = boundary.resolve(url.appendingPathComponent(name)) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, CatalogBoundary.problem(info) == nil,
              Int64(info.st_size) >= minimumSize, Int64(info.st_size) <= CatalogBoundary.SizeLimit.dataFile.bytes else { return nil }
        return path
    }

    /// The bytes of a file in the folder, or why they were not read.
    func read(_ fileName: String) -> Result<[UInt8], CatalogBoundary.Refusal> {
        boundary.read(url.appendingPathComponent(fileName))
    }

    func mediaFile(named name: String) -> Result<URL, CatalogBoundary.Refusal>? {
        // Only a file directly in the folder, by its exact name.
        guard fileNames.contains(name) else { return .failure(.missing) }
        return boundary.resolve(url.appendingPathComponent(name)).flatMap { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return .failure(.missing) }
            if let problem = CatalogBoundary.problem(info) { return .failure(problem) }
            return .success(URL(fileURLWithPath: path))
        }
    }

    func readMediaFile(named name: String) -> Result<[UInt8], CatalogBoundary.Refusal>? {
        guard fileNames.contains(name) else { return .failure(.missing) }
        return boundary.read(url.appendingPathComponent(name), limit: .transcript)
    }

    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        if let image = ImageFinder.find(name, in: self, diagnostics: &diagnostics) { return image }
        diagnostics.append(Diagnostic(.warning, file: "\(name).*", "no image (\(name).svg, .png, .jpg, .webp, .heic, .avif, .tif or .gif); a placeholder is shown"))
        return nil
    }
}
