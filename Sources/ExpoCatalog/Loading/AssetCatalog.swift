import Foundation

/// An iPhone app's `Assets.xcassets`, read as the iOS build reads it: `*.dataset` folders
/// whose `Contents.json` names the data file, `*.imageset` folders whose `Contents.json`
/// lists the image files and their scales, both found at any depth of group folders.
struct AssetCatalog: CatalogStore {
    let root: URL
    let pdfConverter: URL?
    /// Asset name (`items`, `jikji`) → folder, the first found when walking in name order.
    private let datasets: [String: URL]
    private let imagesets: [String: URL]

    init(url: URL, pdfConverter: URL?) {
        root = url.standardizedFileURL
        self.pdfConverter = pdfConverter
        var datasets: [String: URL] = [:]
        var imagesets: [String: URL] = [:]
        Self.walk(root) { folder in
            let name = folder.deletingPathExtension().lastPathComponent
            switch folder.pathExtension {
            case "dataset": if datasets[name] == nil { datasets[name] = folder }
            case "imageset": if imagesets[name] == nil { imagesets[name] = folder }
            default: return true
            }
            return false
        }
        self.datasets = datasets
        self.imagesets = imagesets
    }

    /// The asset catalog a `--catalog` path means: the path itself when it is an
    /// `.xcassets` folder, else the first one found inside it (a few levels deep, as in an
    /// Xcode project), else nil.
    static func locate(in url: URL) -> URL? {
        if url.pathExtension == "xcassets" { return url }
        var found: URL?
        walk(url, depth: 4) { folder in
            if found == nil, folder.pathExtension == "xcassets" { found = folder }
            return found == nil && !folder.lastPathComponent.hasPrefix(".")
        }
        return found
    }

    /// Visits sub-folders in name order; `visit` returns whether to go inside.
    private static func walk(_ folder: URL, depth: Int = 32, _ visit: (URL) -> Bool) {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() {
            let child = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            if visit(child) { walk(child, depth: depth - 1, visit) }
        }
    }

    private func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path
    }

    // MARK: Data

    var dataFileNames: Set<String> {
        Set(datasets.keys.map { "\($0).json" }.filter { DataFile.parse($0) != nil })
    }

    private func datasetName(_ dataFile: String) -> String {
        dataFile.hasSuffix(".json") ? String(dataFile.dropLast(5)) : dataFile
    }

    func displayPath(ofDataFile name: String) -> String {
        let dataset = datasetName(name)
        guard let folder = datasets[dataset] else { return "\(dataset).dataset" }
        if case let .success(file) = dataFile(in: folder) { return relative(file) }
        return relative(folder)
    }

    func readJSON(dataFile name: String) -> Result<JSONValue, Diagnostic> {
        guard let folder = datasets[datasetName(name)] else {
            return .failure(Diagnostic(.error, file: "\(datasetName(name)).dataset", "missing"))
        }
        return dataFile(in: folder).flatMap { JSONFile.read($0, displayPath: relative($0)) }
    }

    /// The file a dataset's `Contents.json` names (any name, not only the asset's).
    private func dataFile(in folder: URL) -> Result<URL, Diagnostic> {
        let contentsURL = folder.appendingPathComponent("Contents.json")
        return JSONFile.read(contentsURL, displayPath: relative(contentsURL)).flatMap { contents in
            guard case let .array(entries)? = contents["data"],
                  let fileName = entries.lazy.compactMap({ entry -> String? in
                      if case let .string(name)? = entry["filename"] { return name }
                      return nil
                  }).first else {
                return .failure(Diagnostic(.error, file: relative(contentsURL), place: ".data", "names no data file"))
            }
            return .success(folder.appendingPathComponent(fileName))
        }
    }

    // MARK: Images

    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        guard let folder = imagesets[name] else {
            diagnostics.append(Diagnostic(.warning, file: "\(name).imageset", "missing; a placeholder is shown"))
            return nil
        }
        let contentsURL = folder.appendingPathComponent("Contents.json")
        let contentsPath = relative(contentsURL)
        let contents: JSONValue
        switch JSONFile.read(contentsURL, displayPath: contentsPath) {
        case let .success(value): contents = value
        case let .failure(problem):
            diagnostics.append(Diagnostic(.warning, file: problem.file, place: problem.place, "\(problem.message); a placeholder is shown"))
            return nil
        }
        var variants: [Int: ImageVariant] = [:]
        for (index, entry) in Self.listedFiles(contents).enumerated() {
            let place = "[\(index)]"
            let fileURL = folder.appendingPathComponent(entry.fileName)
            guard let data = FileManager.default.contents(atPath: fileURL.path) else {
                diagnostics.append(Diagnostic(.warning, file: contentsPath, place: place,
                                              "lists \(entry.fileName) (\(entry.scale)x), which is missing; skipped"))
                continue
            }
            guard variants[entry.scale] == nil else { continue }
            if let variant = variant(entry, data: data, fileURL: fileURL, diagnostics: &diagnostics) {
                variants[entry.scale] = variant
            }
        }
        // A vector image serves every scale.
        if let vector = variants.values.first(where: { $0.format == .svg }) {
            return CatalogImage(name: name, variants: [vector])
        }
        guard !variants.isEmpty else {
            diagnostics.append(Diagnostic(.warning, file: relative(folder), "has no image file a browser can show; a placeholder is shown"))
            return nil
        }
        return CatalogImage(name: name, variants: Array(variants.values))
    }

    private struct ListedFile {
        var fileName: String
        var scale: Int
    }

    /// The entries of an imageset's `Contents.json` that name a file, for the iPhone,
    /// light appearance; "universal" entries first, as iOS prefers them.
    private static func listedFiles(_ contents: JSONValue) -> [ListedFile] {
        guard case let .array(images)? = contents["images"] else { return [] }
        var universal: [ListedFile] = []
        var phone: [ListedFile] = []
        for image in images {
            guard case let .string(fileName)? = image["filename"], image["appearances"] == nil else { continue }
            var scale = 1
            if case let .string(text)? = image["scale"], let value = Int(text.dropLast()), text.hasSuffix("x"), (1...3).contains(value) {
                scale = value
            }
            let idiom: String? = if case let .string(text)? = image["idiom"] { text } else { nil }
            switch idiom {
            case nil, "universal": universal.append(ListedFile(fileName: fileName, scale: scale))
            case "iphone": phone.append(ListedFile(fileName: fileName, scale: scale))
            default: continue
            }
        }
        return universal + phone
    }

    private func variant(_ entry: ListedFile, data: Data, fileURL: URL, diagnostics: inout [Diagnostic]) -> ImageVariant? {
        let file = relative(fileURL)
        let ext = fileURL.pathExtension.lowercased()
        if let format = ImageFormat.forExtension(ext) {
            return ImageVariant(file: file, format: format, scale: format == .svg ? 1 : entry.scale, data: data)
        }
        switch ext {
        case "pdf":
            guard let tool = pdfConverter else {
                diagnostics.append(Diagnostic(.warning, file: file,
                    "PDF images need poppler's pdftocairo to show in browsers (apt-get install poppler-utils); a placeholder is shown"))
                return nil
            }
            switch PDFConverter.svg(from: fileURL, tool: tool) {
            case let .success(svg): return ImageVariant(file: file, format: .svg, scale: 1, data: svg)
            case let .failure(failure):
                diagnostics.append(Diagnostic(.warning, file: file, "cannot be converted to SVG: \(failure.reason); a placeholder is shown"))
                return nil
            }
        default:
            diagnostics.append(Diagnostic(.warning, file: file, "browsers cannot show .\(fileURL.pathExtension) images; skipped"))
            return nil
        }
    }
}
