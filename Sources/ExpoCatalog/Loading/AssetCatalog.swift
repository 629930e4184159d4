import Foundation

/// One `.xcassets` folder of an iPhone app, read as the iOS build reads it: `*.dataset`
/// folders whose `Contents.json` names the data file, `*.imageset` folders whose
/// `Contents.json` lists the image files and their scales, both at any depth of group
/// folders. Messages name files by their path from `base`, the folder the guide was given.
struct AssetCatalog: Sendable {
    let root: URL
    let base: URL
    /// The folder the guide was given, which no file the catalog names may leave.
    let boundary: CatalogBoundary
    let pdfConverter: URL?
    /// Asset name (`items`, `jikji`) → folder, the first found when walking in name order.
    let datasets: [(name: String, folder: URL)]
    let imagesets: [String: URL]
    /// Links the walk did not follow.
    let notes: [Diagnostic]

    init(url: URL, base: URL, boundary: CatalogBoundary, pdfConverter: URL?) {
        root = url.standardizedFileURL
        self.base = base.standardizedFileURL
        self.boundary = boundary
        self.pdfConverter = pdfConverter
        var datasets: [(String, URL)] = []
        var imagesets: [String: URL] = [:]
        var walk = ProjectWalk(boundary: boundary, base: self.base)
        walk.folders(in: root) { folder in
            let name = folder.deletingPathExtension().lastPathComponent
            switch folder.pathExtension {
            case "dataset": datasets.append((name, folder))
            case "imageset": if imagesets[name] == nil { imagesets[name] = folder }
            default: return true
            }
            return false
        }
        self.datasets = datasets
        self.imagesets = imagesets
        notes = walk.notes
    }

    /// An asset catalog with only icons and colours holds nothing of a guide's.
    var holdsCatalogAssets: Bool { !datasets.isEmpty || !imagesets.isEmpty }

    func relative(_ url: URL) -> String { ProjectWalk.relative(url, to: base) }

    /// Reads an asset's `Contents.json`; a key given twice adds a warning to `warnings`.
    private func contents(of folder: URL, warnings: inout [Diagnostic]) -> Result<JSONValue, Diagnostic> {
        let url = folder.appendingPathComponent("Contents.json")
        return JSONFile.read(url, displayPath: relative(url), within: boundary, limit: .assetContents, warnings: &warnings)
    }

    // MARK: Data

    /// The file a dataset's `Contents.json` names (any name, not only the asset's), and
    /// whether it is JSON by its name or by the entry's `universal-type-identifier`: a
    /// dataset may hold any file (RTF, text, an image), and only JSON is catalog data.
    /// A file named outside the catalog's folder is refused here, before anything opens it.
    func dataFile(in folder: URL, warnings: inout [Diagnostic]) -> Result<(url: URL, isJSON: Bool), Diagnostic> {
        let contentsPath = relative(folder.appendingPathComponent("Contents.json"))
        return contents(of: folder, warnings: &warnings).flatMap { contents in
            guard case let .array(entries)? = contents["data"],
                  let index = entries.firstIndex(where: { if case .string? = $0["filename"] { true } else { false } }),
                  case let .string(fileName)? = entries[index]["filename"] else {
                return .failure(Diagnostic(.error, file: contentsPath, place: ".data", "names no data file"))
            }
            let url = CatalogBoundary.named(fileName, in: folder)
            if case .failure(.outside) = boundary.resolve(url) {
                return .failure(Diagnostic(.error, file: contentsPath, place: ".data[\(index)]",
                                           "names \(fileName), outside the catalog's folder; not read"))
            }
            let entry = entries[index]
            let type: String? = if case let .string(text)? = entry["universal-type-identifier"] { text } else { nil }
            let isJSON = fileName.lowercased().hasSuffix(".json") || type.map(Self.isJSONType) == true
            return .success((url, isJSON))
        }
    }

    /// `public.json`, and vendor types that say they are JSON (`com.example.catalog+json`).
    private static func isJSONType(_ identifier: String) -> Bool {
        let lowered = identifier.lowercased()
        return lowered == "public.json" || lowered.hasSuffix("+json") || lowered.hasSuffix(".json")
    }

    // MARK: Images

    /// The image, or nil (with a warning when the imageset exists but cannot be used).
    func image(named name: String, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        guard let folder = imagesets[name] else { return nil }
        let contentsPath = relative(folder.appendingPathComponent("Contents.json"))
        let contents: JSONValue
        switch self.contents(of: folder, warnings: &diagnostics) {
        case let .success(value): contents = value
        case let .failure(problem):
            diagnostics.append(Diagnostic(.warning, file: problem.file, place: problem.place, "\(problem.message); a placeholder is shown"))
            return nil
        }
        var variants: [Int: ImageVariant] = [:]
        for entry in Self.listedFiles(contents) {
            let place = "[\(entry.index)]"
            let fileURL = CatalogBoundary.named(entry.fileName, in: folder)
            let data: [UInt8]
            switch boundary.read(fileURL) {
            case let .success(bytes): data = bytes
            case .failure(.outside):
                diagnostics.append(Diagnostic(.warning, file: contentsPath, place: place,
                                              "names \(entry.fileName), outside the catalog's folder; skipped"))
                continue
            case .failure(.missing):
                diagnostics.append(Diagnostic(.warning, file: contentsPath, place: place,
                                              "lists \(entry.fileName) (\(entry.scale)x), which is missing; skipped"))
                continue
            case let .failure(refusal):
                diagnostics.append(Diagnostic(.warning, file: contentsPath, place: place, "lists \(entry.fileName), which \(refusal.message("skipped"))"))
                continue
            }
            guard variants[entry.scale] == nil else { continue }
            if let variant = variant(entry, data: Data(data), fileURL: fileURL, diagnostics: &diagnostics) {
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
        /// The entry's position in `images`, counting entries without a file too.
        var index: Int
    }

    /// The entries of an imageset's `Contents.json` that name a file, for the iPhone,
    /// light appearance; "universal" entries first, as iOS prefers them.
    private static func listedFiles(_ contents: JSONValue) -> [ListedFile] {
        guard case let .array(images)? = contents["images"] else { return [] }
        var universal: [ListedFile] = []
        var phone: [ListedFile] = []
        for (index, image) in images.enumerated() {
            guard case let .string(fileName)? = image["filename"], image["appearances"] == nil else { continue }
            var scale = 1
            if case let .string(text)? = image["scale"], let value = Int(text.dropLast()), text.hasSuffix("x"), (1...3).contains(value) {
                scale = value
            }
            let idiom: String? = if case let .string(text)? = image["idiom"] { text } else { nil }
            switch idiom {
            case nil, "universal": universal.append(ListedFile(fileName: fileName, scale: scale, index: index))
            case "iphone": phone.append(ListedFile(fileName: fileName, scale: scale, index: index))
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
