import ExpoCatalog
import ExpoSite
import Foundation

/// Spreadsheets sent to the studio to take the place of the catalog's texts: kept in the
/// state folder (`import/`) until an editor takes them into the catalog or drops them, and
/// shown meanwhile as what they would add, change and remove, and as a preview of the guide.
struct StagedImport: Sendable {
    let sheets: [String: [UInt8]]
    let account: String
    let time: Date
    let result: SheetImport
    /// The guide made of it, once asked for.
    var site: Site?
}

extension GuideEditing {
    static var importPreviewPath: String { StudioPaths.current.importPreview }
    static let importPreviewRoute = "/studio/import/preview/"
    /// The most spreadsheets one import takes: one of each kind.
    static let importSheetLimit = SheetImport.sheetNames.count

    enum ImportRefusal: Error {
        /// A key of the studio's interface texts, and the file's name it is about.
        case refused(String, file: String)
    }

    private var importFolder: URL { state.folder.appendingPathComponent("import") }

    /// Reads the sent files as the spreadsheets they stand for, and keeps them as the one
    /// import waiting (in place of any before it). Nil when the catalog cannot be edited.
    func stageImport(_ files: [UploadForm.File], by account: String) throws -> Result<StagedImport, ImportRefusal>? {
        guard let load = editableLoad else { return nil }
        guard !files.isEmpty else { return .failure(.refused("import_no_file", file: "")) }
        var sheets: [String: [UInt8]] = [:]
        for file in files {
            guard let name = SheetImport.sheetName(forSent: file.name) else { return .failure(.refused("import_not_a_sheet", file: file.name)) }
            guard sheets[name] == nil else { return .failure(.refused("import_twice", file: file.name)) }
            guard file.count <= Self.importByteLimit else { return .failure(.refused("import_too_large", file: file.name)) }
            sheets[name] = Array(file.bytes.readableBytesView)
        }
        let staged = StagedImport(sheets: sheets, account: account, time: state.now(),
                                  result: SheetImport(load: load, sheets: sheets))
        try saveStaged(staged)
        staging.withLock { $0 = .loaded(staged) }
        return .success(staged)
    }

    /// The import waiting, read again when the catalog changed since it was read.
    func stagedImport() -> StagedImport? {
        guard let load = editableLoad else { return nil }
        let current = staging.withLock { value -> StagedImport?? in
            if case let .loaded(staged) = value { return .some(staged) }
            return nil
        }
        var staged: StagedImport
        switch current {
        case let .some(.some(found)): staged = found
        case .some(.none): return nil
        case .none:
            guard let read = readStaged(load) else {
                staging.withLock { $0 = .loaded(nil) }
                return nil
            }
            staged = read
        }
        if !staged.result.isCurrent(in: load.folderURL) {
            staged = StagedImport(sheets: staged.sheets, account: staged.account, time: staged.time,
                                  result: SheetImport(load: load, sheets: staged.sheets))
        }
        let kept = staged
        staging.withLock { $0 = .loaded(kept) }
        return staged
    }

    /// The guide as the import would make it, its links under the import's preview path.
    func importPreviewSite() throws -> Site? {
        guard var staged = stagedImport(), let catalog = staged.result.catalog else { return nil }
        if let site = staged.site { return site }
        let site = try guide.site(of: catalog, basePath: Self.importPreviewPath, uploads: [:], recordings: [:], videos: [:], after: nil)
        staged.site = site
        let kept = staged
        staging.withLock { $0 = .loaded(kept) }
        return site
    }

    func dropImport(by account: String) throws {
        staging.withLock { $0 = .loaded(nil) }
        try? FileManager.default.removeItem(at: importFolder)
        try state.record(.importDropped, account: account, detail: "", actor: account)
    }

    enum TakeResult {
        /// How many rows it added, changed and removed, by `added`, `changed`, `removed`.
        case taken([String: String])
        case nothingWaiting
        case blocked
        case failed(String)
    }

    /// Writes the waiting import into the catalog's folder and serves the guide made of it.
    /// The files it replaces are kept in the state folder (`imported/`), named by the time.
    func takeImport(by account: String) throws -> TakeResult {
        publishing.lock()
        defer { publishing.unlock() }
        guard let load = editableLoad else { return .failed("the catalog cannot be edited") }
        guard let staged = stagedImport() else { return .nothingWaiting }
        guard !staged.result.hasErrors else { return .blocked }
        let summary = Self.summary(staged.result)
        let kept = state.folder.appendingPathComponent("imported").appendingPathComponent(Self.stamp(state.now()))
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for name in staged.result.fileNames {
            let old = load.folderURL.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: old.path) {
                try FileManager.default.copyItem(at: old, to: kept.appendingPathComponent(name))
            }
        }
        if let problem = staged.result.write(into: load.folderURL) { return .failed(problem) }
        staging.withLock { $0 = .loaded(nil) }
        try? FileManager.default.removeItem(at: importFolder)
        preview.withLock { $0 = nil }
        try state.record(.imported, account: staged.account,
                         detail: "\(staged.sheets.keys.sorted().joined(separator: ", ")): \(summary); the files replaced are in \(kept.path)",
                         actor: account)
        if let problem = guide.reload(because: "a spreadsheet was taken into the catalog in the studio by \(account)") {
            return .failed(problem)
        }
        return .taken(Self.counts(staged.result))
    }

    static let importByteLimit = 256 << 20

    static func counts(_ result: SheetImport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: [SheetImport.Kind.added, .changed, .removed].map { kind in
            (kind.rawValue, String(result.changes.filter { $0.kind == kind }.count))
        })
    }

    /// For the audit log: `3 added, 1 changed, 0 removed`.
    static func summary(_ result: SheetImport) -> String {
        let counts = [SheetImport.Kind.added, .changed, .removed].map { kind in (kind, result.changes.filter { $0.kind == kind }.count) }
        return counts.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date) + "-\(UInt32.random(in: 0...UInt32.max))"
    }

    private struct StagedRecord: Codable {
        let sheets: [String]
        let account: String
        let time: Date
    }

    private func saveStaged(_ staged: StagedImport) throws {
        try? FileManager.default.removeItem(at: importFolder)
        try FileManager.default.createDirectory(at: importFolder, withIntermediateDirectories: true)
        for (name, bytes) in staged.sheets {
            // Written from where the bytes lie: a whole collection's sheet is tens of megabytes.
            try bytes.withUnsafeBytes { buffer in
                try Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!), count: buffer.count,
                         deallocator: .none).write(to: importFolder.appendingPathComponent(name))
            }
        }
        let record = StagedRecord(sheets: staged.sheets.keys.sorted(), account: staged.account, time: staged.time)
        try JSONEncoder().encode(record).write(to: importFolder.appendingPathComponent("import.json"), options: .atomic)
    }

    private func readStaged(_ load: WatchedLoad) -> StagedImport? {
        guard let data = try? Data(contentsOf: importFolder.appendingPathComponent("import.json")),
              let record = try? JSONDecoder().decode(StagedRecord.self, from: data) else { return nil }
        var sheets: [String: [UInt8]] = [:]
        for name in record.sheets where SheetImport.sheetNames.contains(name) {
            guard let bytes = try? Data(contentsOf: importFolder.appendingPathComponent(name)) else { return nil }
            sheets[name] = [UInt8](bytes)
        }
        guard !sheets.isEmpty else { return nil }
        return StagedImport(sheets: sheets, account: record.account, time: record.time, result: SheetImport(load: load, sheets: sheets))
    }
}

/// The import waiting, as far as the studio has read it.
enum StagingState: Sendable {
    /// Not read from the state folder yet.
    case unread
    case loaded(StagedImport?)
}
