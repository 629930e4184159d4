import ExpoCatalog
import Foundation
import NIOCore

/// A new exhibition written into a museum's folder from the studio, through the paths the
/// guide already has: the starter catalog (as `expo1900 new`), a catalog's zip (as the
/// studio's own "catalog out", unpacked as `--catalog x.zip` is), or spreadsheets put in
/// place of the starter's own. It is written into a hidden folder beside the others, loaded
/// as the guide loads it, and only then given its name: a reader of the folder never sees
/// half an exhibition, and one that would not load is never there.
enum NewExhibition {
    enum Source {
        case starter
        case zip(UploadForm.File)
        case sheets([UploadForm.File])
        /// A IIIF collection's or manifest's address, imported as `expo1900 import iiif` does.
        case iiif(String)
    }

    /// Imports the IIIF collection at an address into a folder; nil when done, else why not.
    typealias Importer = @Sendable (_ address: String, _ folder: URL) async -> String?

    static let addressLimit = 2048

    /// Why it was not made: a key of the studio's words, and what to fill in.
    struct Refusal: Error {
        let key: String
        var values: [String: String] = [:]
    }

    static let nameLimit = 64

    /// The catalog written and loaded in a hidden folder of `root`, ready to be named `name`.
    static func stage(_ name: String, from source: Source, in root: URL, taken: [String], importer: Importer) async throws(Refusal) -> URL {
        guard name.count <= nameLimit else { throw Refusal(key: "exhibition_name_long", values: ["count": String(nameLimit)]) }
        if let problem = MuseumFolder.problem(withName: name) { throw Refusal(key: "exhibition_name_refused", values: ["reason": problem]) }
        let lower = name.lowercased()
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        // Two names that differ only in case are one folder on a Mac, and one address to a person.
        guard !(taken + existing).contains(where: { $0.lowercased() == lower || $0.lowercased() == lower + ".zip" }) else {
            throw Refusal(key: "exhibition_name_taken", values: ["name": name])
        }
        let staged = root.appendingPathComponent(".new-\(name)-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        do throws(Refusal) {
            if case let .iiif(address) = source {
                try checkAddress(address)
                if let problem = await importer(address, staged) {
                    throw Refusal(key: "exhibition_iiif_refused", values: ["reason": String(problem.prefix(600))])
                }
            } else {
                try await blocking { () throws(Refusal) in try write(source, into: staged) }
            }
            try await blocking { () throws(Refusal) in
                do throws(CatalogError) {
                    _ = try CatalogLoader.load(at: staged)
                } catch {
                    let first = error.description.split(separator: "\n").prefix(3).joined(separator: " ")
                    throw Refusal(key: "exhibition_does_not_load", values: ["reason": String(first.prefix(600))])
                }
            }
            return staged
        } catch {
            try? FileManager.default.removeItem(at: staged)
            throw error
        }
    }

    /// Copying, unpacking and loading a catalog take a while: done away from the threads
    /// that answer requests.
    private static func blocking(_ work: @escaping @Sendable () throws(Refusal) -> Void) async throws(Refusal) {
        let result: Result<Void, Refusal> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(Refusal) {
                    try work()
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        try result.get()
    }

    /// Only an address on the web: never a file or folder of the server's own.
    private static func checkAddress(_ address: String) throws(Refusal) {
        guard address.count <= addressLimit, let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              !(url.host ?? "").isEmpty else {
            throw Refusal(key: "exhibition_iiif_address")
        }
    }

    private static func write(_ source: Source, into staged: URL) throws(Refusal) {
        let files = FileManager.default
        switch source {
        case .iiif:
            return
        case .starter, .sheets:
            guard let starter = CatalogLoader.starterCatalogURL else { throw Refusal(key: "exhibition_no_starter") }
            do { try files.copyItem(at: starter, to: staged) } catch { throw Refusal(key: "exhibition_unwritable") }
            guard case let .sheets(sent) = source else { return }
            guard !sent.isEmpty else { throw Refusal(key: "import_no_file") }
            var kinds: Set<String> = []
            for file in sent {
                guard let kind = SheetImport.sheetName(forSent: file.name) else { throw Refusal(key: "import_not_a_sheet", values: ["name": file.name]) }
                guard kinds.insert(kind).inserted else { throw Refusal(key: "import_twice", values: ["name": file.name]) }
                do {
                    try file.write(to: staged.appendingPathComponent(kind))
                } catch {
                    throw Refusal(key: "exhibition_unwritable")
                }
            }
        case let .zip(file):
            let zip = staged.deletingLastPathComponent().appendingPathComponent(staged.lastPathComponent + ".zip")
            defer { try? files.removeItem(at: zip) }
            guard file.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || file.head.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
                throw Refusal(key: "exhibition_not_a_zip", values: ["name": file.name])
            }
            do { try file.write(to: zip) } catch { throw Refusal(key: "exhibition_unwritable") }
            do {
                try CatalogZip.unpack(zip, into: staged)
            } catch {
                throw Refusal(key: "exhibition_zip_refused", values: ["name": file.name, "reason": error.message])
            }
            liftSingleFolder(in: staged)
        }
    }

    /// A zip made of the folder itself (`korea/items.json` …) rather than of its files: its
    /// one folder's files are the catalog.
    private static func liftSingleFolder(in staged: URL) {
        let files = FileManager.default
        let names = ((try? files.contentsOfDirectory(atPath: staged.path)) ?? []).filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
        guard names.count == 1 else { return }
        let inner = staged.appendingPathComponent(names[0])
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: inner.path, isDirectory: &isFolder), isFolder.boolValue,
              let moved = try? files.contentsOfDirectory(atPath: inner.path) else { return }
        for name in moved { try? files.moveItem(at: inner.appendingPathComponent(name), to: staged.appendingPathComponent(name)) }
        try? files.removeItem(at: inner)
    }
}
