import ArgumentParser
import ExpoCatalog
import Foundation
import Synchronization

/// The catalog a command was given: a path (a folder, or a zip of one), or the default one when none.
struct CatalogSource {
    var path: String?

    /// The folder to load: the path given, or where its zip was unpacked.
    func folder() throws(CatalogError) -> URL? {
        guard let path else { return nil }
        let url = URL(fileURLWithPath: path)
        return CatalogZip.isZip(url) ? try UnpackedZips.folder(of: url) : url
    }

    /// `publishingCheck`: whether to find the publishing notes too, which only `validate` reports.
    func load(publishingCheck: Bool = false) -> Result<Catalog, CatalogError> {
        Result { () throws(CatalogError) in
            var options = CatalogLoader.Options(publishingCheck: publishingCheck)
            options.runCache = CatalogLoader.Options.defaultRunCache
            guard let url = try folder() else { return try CatalogLoader.loadDefault(options: options) }
            return try CatalogLoader.load(at: url, options: options)
        }
    }

    /// The catalog with what `serve --watch` needs to read a small edit on its own.
    func loadWatched() -> Result<WatchedLoad, CatalogError> {
        Result { () throws(CatalogError) in
            guard let url = try folder() ?? CatalogLoader.defaultCatalogURL else {
                throw .defaultCatalogMissing
            }
            var options = CatalogLoader.Options()
            options.runCache = CatalogLoader.Options.defaultRunCache
            return try WatchedLoad.load(at: url, options: options)
        }
    }
}

extension CatalogSource {
    /// The catalog, with its warnings printed; or its errors printed, one line each, and
    /// the exit status that says what failed (1: it has errors, 2: it is not a catalog).
    /// `warnings: false` leaves the catalog's warnings to the caller, to print with those
    /// of the image work.
    func loadReportingProblems(warnings: Bool = true) throws -> Catalog {
        let catalog = try reportingProblems(load())
        if warnings { for diagnostic in catalog.diagnostics { printError(diagnostic.line) } }
        return catalog
    }

    func loadWatchedReportingProblems() throws -> WatchedLoad {
        try reportingProblems(loadWatched())
    }

    private func reportingProblems<Loaded>(_ result: Result<Loaded, CatalogError>) throws -> Loaded {
        switch result {
        case let .success(loaded):
            return loaded
        case let .failure(error):
            for diagnostic in error.diagnostics where diagnostic.severity != .error {
                printError(diagnostic.line)
            }
            for line in error.description.split(separator: "\n") { printError("expo1900: \(line)") }
            throw ExitCode(error.diagnostics.isEmpty ? 2 : 1)
        }
    }
}

/// Zips given as a catalog, each unpacked once into a temporary folder that lives as long
/// as the command (a served guide reads its recordings from it) and is removed at its end.
enum UnpackedZips {
    private static let folders = Mutex<[String: URL]>([:])

    static func folder(of zip: URL) throws(CatalogError) -> URL {
        let key = zip.standardizedFileURL.path
        if let found = folders.withLock({ $0[key] }) { return root(of: found) }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("expo1900-zip-\(UUID().uuidString)")
        do throws(CatalogZip.Failure) {
            try CatalogZip.unpack(zip, into: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .unusableZip(path: zip.path, reason: error.message)
        }
        folders.withLock { $0[key] = folder }
        atexit { UnpackedZips.removeAll() }
        return root(of: folder)
    }

    /// The catalog in an unpacked folder: the folder itself, or the one folder it holds
    /// (a folder zipped whole, as a file manager zips it, besides macOS's `__MACOSX`).
    private static func root(of folder: URL) -> URL {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
        var isFolder: ObjCBool = false
        guard names.count == 1, FileManager.default.fileExists(atPath: folder.appendingPathComponent(names[0]).path, isDirectory: &isFolder),
              isFolder.boolValue else { return folder }
        return folder.appendingPathComponent(names[0])
    }

    static func removeAll() {
        for folder in folders.withLock({ $0.values }) { try? FileManager.default.removeItem(at: folder) }
    }
}

/// Where a command builds a folder before moving it into place whole, beside `destination`:
/// a failure then leaves nothing half-written where the user looks.
func stagingFolder(beside destination: URL) -> URL {
    destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
