import Foundation

/// Opening a catalog: finding its store and reading its images.
extension CatalogLoader {
    /// The catalog's files at `url`, a folder of JSON files or spreadsheets or an Xcode
    /// project, read ahead in parallel.
    static func openStore(at url: URL, options: Options, record: inout EntryRecord,
                          sheets: [String: [UInt8]] = [:], leavingOut: DataFile? = nil) throws(CatalogError) -> PrefetchedStore {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notFound(path: path)
        }
        guard isFolder.boolValue else { throw .notACatalog(path: path, searched: nil) }
        let primaryFiles = DataFile.catalogFiles.map { $0.fileName(nil) }
        let plain = CatalogFolder(url: url, sheets: sheets, leavingOut: leavingOut)
        if primaryFiles.contains(where: plain.dataFileNames.contains) {
            record.isJSONFolder = plain.spreadsheets.files.isEmpty
            record.isPlainFolder = true
            return PrefetchedStore(plain, streamedFrom: options.itemsStreamedFrom, runCache: options.runCache.map(CatalogRunCache.init))
        }
        guard sheets.isEmpty else { throw .notACatalog(path: path, searched: "a spreadsheet is taken only into a folder of data files") }
        let project = AppProject(root: url, pdfConverter: options.pdfConverter)
        guard primaryFiles.contains(where: project.dataFileNames.contains) else {
            throw .notACatalog(path: path, searched: project.searched)
        }
        record.locations = project.dataFileURLs
        return PrefetchedStore(project)
    }

    /// The poster, the flag and every exhibit's images, each read once however often it is
    /// named. Every SVG is made safe here, whichever store found it (a folder, an imageset,
    /// a PDF converted): the server, the export and IIIF get these bytes.
    static func readImages(of primary: Edition, _ store: any CatalogStore, into images: inout [String: CatalogImage],
                                   asked: inout Set<String>, diagnostics: inout DiagnosticFold) {
        // Read in place: mapping over the exhibits copied each of them.
        for name in ["poster", "flag"] { readImage(name, store, into: &images, asked: &asked, diagnostics: &diagnostics) }
        for position in primary.exhibits.indices {
            guard primary.exhibits.hasOwnImages(at: position) else {
                readImage(primary.exhibits.id(at: position), store, into: &images, asked: &asked, diagnostics: &diagnostics)
                continue
            }
            for image in primary.exhibits[position].images {
                readImage(image.name, store, into: &images, asked: &asked, diagnostics: &diagnostics)
            }
        }
    }

    private static func readImage(_ name: String, _ store: any CatalogStore, into images: inout [String: CatalogImage],
                                  asked: inout Set<String>, diagnostics: inout DiagnosticFold) {
        guard Exhibit.isSafeID(name), asked.insert(name).inserted else { return }
        var found: [Diagnostic] = []
        images[name] = image(name, store, diagnostics: &found)
        diagnostics += found
    }

    private static func image(_ name: String, _ store: any CatalogStore, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        store.image(named: name, diagnostics: &diagnostics).flatMap { SVGSanitizer.cleaned($0, diagnostics: &diagnostics) }
    }

    /// The images `names` names, each read once (`asked` holds those read already).
    static func readImages(named names: [String], _ store: any CatalogStore, into images: inout [String: CatalogImage],
                           asked: inout Set<String>, diagnostics: inout [Diagnostic]) {
        for name in names where Exhibit.isSafeID(name) && asked.insert(name).inserted {
            images[name] = image(name, store, diagnostics: &diagnostics)
        }
    }
}
