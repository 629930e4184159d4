import Foundation

/// Why changed entries were not written. Nothing is written when any of them cannot be.
public enum EntryWriteError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The entry's bytes on disk are not the ones the change was made from: someone saved
    /// the file since.
    case changedOnDisk(file: String, exhibit: String)
    case unusable(file: String, reason: String)

    public var description: String {
        switch self {
        case let .changedOnDisk(file, exhibit):
            "\(file): the entry of \(exhibit) was changed on disk since it was read; nothing was written"
        case let .unusable(file, reason): "\(file): \(reason); nothing was written"
        }
    }
}

extension WatchedLoad {
    /// Writes each change into its entry's bytes and leaves every other byte of the file as
    /// it was; a translation's new entry goes after its last one. Each file is written
    /// whole at once (a temporary file beside it, synced, then renamed over it), and only
    /// once every change has been checked against the files as they are now: a file that
    /// changed since this load is not written (the studio reads it again first). The file
    /// is copied a piece at a time, never held whole. Returns the names of the files written.
    public func write(_ changes: [EntryChange], transcripts: [TranscriptChange] = []) -> Result<[String], EntryWriteError> {
        let primary = catalog.primary.language
        var planned: [(name: String, source: OpenedFile?, pieces: [AtomicFile.Piece])] = []
        func fileName(_ change: EntryChange) -> String {
            if let document = CatalogDocument(rawValue: change.exhibit) {
                return isSheetDocument(document, language: change.language) ? document.sheetName
                    : document.fileName(change.language, primary: primary)
            }
            return sheet != nil && !hasOwnItemsFile(change.language) ? SheetCache.fileName : Self.itemsFile(change.language, primary: primary)
        }
        for (name, group) in Dictionary(grouping: changes, by: fileName).sorted(by: { $0.key < $1.key }) {
            let document = CatalogDocument(rawValue: group[0].exhibit)
            let made = document.map { $0.sheetName == name ? sheetDocumentPieces($0, group) : wholeFile(name, group[group.count - 1]) }
                ?? (name == SheetCache.fileName && sheet != nil ? sheetPieces(group).map { ($0.0 as OpenedFile?, $0.1) }
                : pieces(name, group, primary: primary).map { ($0.0 as OpenedFile?, $0.1) })
            switch made {
            case let .success((source, pieces)): planned.append((name, source, pieces))
            case let .failure(error): return .failure(error)
            }
        }
        for change in transcripts {
            switch transcriptPieces(change) {
            case let .success((name, source, pieces)): planned.append((name, source, pieces))
            case let .failure(error): return .failure(error)
            }
        }
        for (name, source, pieces) in planned {
            let url = url(of: name)
            // Someone may have saved the file while it was copied: then it is left to them.
            var info = stat()
            let unchanged = source.map { $0.isStill(at: url.path) } ?? (lstat(url.path, &info) != 0 && errno == ENOENT)
            guard unchanged else { return .failure(.changedOnDisk(file: name, exhibit: changes.first?.exhibit ?? transcripts.first?.exhibit ?? "")) }
            if let reason = AtomicFile.write(pieces, from: source?.descriptor ?? -1, to: url) {
                return .failure(.unusable(file: name, reason: reason))
            }
        }
        return .success(planned.map(\.name))
    }

    /// The file `name` as the pieces of its new content: runs of the file as it is, and
    /// the changed entries' new bytes.
    private func pieces(_ name: String, _ changes: [EntryChange], primary: Language) -> Result<(OpenedFile, [AtomicFile.Piece]), EntryWriteError> {
        let url = url(of: name)
        if let problem = Self.notPlainFile(url, name: name) { return .failure(problem) }
        guard let known = items[name], let stamp = stamps[name] else { return .failure(.unusable(file: name, reason: "was not read entry by entry")) }
        guard let source = OpenedFile(url.path), source.stamp == stamp else {
            return .failure(.changedOnDisk(file: name, exhibit: changes[0].exhibit))
        }
        let scan = known.scan
        func entryBytes(_ index: Int) -> ArraySlice<UInt8>? {
            let range = scan.range(of: index)
            guard let bytes = source.read(range),
                  bytes.withUnsafeBytes({ JSONElementScan.digest($0) }) == scan.digests[index] else { return nil }
            return JSONElementScan.trimmed(bytes[...], isLast: index + 1 == scan.starts.count)
        }
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        var appended: [[UInt8]] = []
        for change in changes {
            let index = change.language == primary ? primaryIndex[change.exhibit] : known.indexByID[change.exhibit]
            guard let index else {
                guard change.version == EntryVersion.absent else { return .failure(.changedOnDisk(file: name, exhibit: change.exhibit)) }
                appended.append(change.bytes)
                continue
            }
            guard EntryVersion.of(scan.digests[index]) == change.version, let entry = entryBytes(index) else {
                return .failure(.changedOnDisk(file: name, exhibit: change.exhibit))
            }
            let start = scan.starts[index]
            replacements.append((start..<start + entry.count, change.bytes))
        }
        if !appended.isEmpty, let lastIndex = scan.starts.indices.last {
            guard let last = entryBytes(lastIndex) else { return .failure(.changedOnDisk(file: name, exhibit: changes[0].exhibit)) }
            let lastStart = scan.starts[lastIndex]
            let lineStart = max(0, lastStart - 256)
            let indent = Self.indent(before: lastStart - lineStart, in: source.read(lineStart..<lastStart) ?? [])
            var text = ""
            for entry in appended {
                guard let value = try? JSONParser.parse(entry) else { return .failure(.unusable(file: name, reason: "a new entry is not JSON")) }
                text += ",\n" + indent + JSONWriter.text(value, indent: indent)
            }
            let end = lastStart + last.count
            replacements.append((end..<end, Array(text.utf8)))
        }
        guard let pieces = AtomicFile.pieces(replacing: replacements, size: scan.byteCount) else {
            return .failure(.unusable(file: name, reason: "two changes to one entry"))
        }
        return .success((source, pieces))
    }

    /// Nil when `url` is a plain file; else why the studio does not write it.
    static func notPlainFile(_ url: URL, name: String) -> EntryWriteError? {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .unusable(file: name, reason: "is not a plain file (the studio does not write through links)")
        }
        return nil
    }

    /// The spaces between the start of the line and `offset`.
    static func indent(before offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A ? String(decoding: bytes[start..<offset], as: UTF8.self) : ""
    }
}

/// A file opened for reading, with its stamp when opened: what a write copies from, and
/// how it knows the file was not changed meanwhile.
final class OpenedFile {
    let descriptor: Int32
    let stamp: FileStamp

    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        stamp = FileStamp(info)
    }

    deinit { close(descriptor) }

    /// The bytes at `range`, all of them, or nil.
    func read(_ range: Range<Int>) -> [UInt8]? {
        CatalogBoundary.read(descriptor, range).flatMap { $0.count == range.count ? $0 : nil }
    }

    /// Whether the file at `path` is still this one, unchanged since it was opened.
    func isStill(at path: String) -> Bool {
        var info = stat(), now = stat()
        return fstat(descriptor, &info) == 0 && FileStamp(info) == stamp && lstat(path, &now) == 0 && FileStamp(now) == stamp
    }
}

/// A file replaced whole or not at all: written beside itself, synced to the disk, then
/// renamed over the old one, so a reader (the guide's reload, `git`, an editor) never sees
/// half of it, and a crash leaves the old file.
enum AtomicFile {
    enum Piece {
        /// A run of the source file.
        case copy(Range<Int>)
        case bytes([UInt8])
    }

    /// A file of `size` bytes with each range replaced by its bytes, as pieces: the runs
    /// between the ranges copied as they are. Nil when two ranges overlap.
    static func pieces(replacing replacements: [(range: Range<Int>, bytes: [UInt8])], size: Int) -> [Piece]? {
        var pieces: [Piece] = []
        var position = 0
        for (range, bytes) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard range.lowerBound >= position else { return nil }
            pieces += [.copy(position..<range.lowerBound), .bytes(bytes)]
            position = range.upperBound
        }
        return pieces + [.copy(position..<size)]
    }

    /// Nil when written, else why not. `pieces` are written in order, the runs of the
    /// source a megabyte at a time.
    static func write(_ pieces: [Piece], from source: Int32, to url: URL) -> String? {
        let folder = url.deletingLastPathComponent().path
        let staging = folder + "/.\(url.lastPathComponent).studio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var old = stat()
        let mode = stat(url.path, &old) == 0 ? old.st_mode & 0o777 : 0o644
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return "could not be written beside itself (\(String(cString: strerror(errno))))" }
        func writeAll(_ buffer: UnsafeRawBufferPointer) -> Bool {
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                if result <= 0 { return false }
                written += result
            }
            return true
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var failed = false
        pieces: for piece in pieces {
            switch piece {
            case let .bytes(bytes):
                if !bytes.withUnsafeBytes(writeAll) { failed = true; break pieces }
            case let .copy(range):
                var position = range.lowerBound
                while position < range.upperBound {
                    let count = pread(source, chunk.baseAddress!, min(chunk.count, range.upperBound - position), off_t(position))
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 || !writeAll(UnsafeRawBufferPointer(rebasing: chunk[0..<count])) { failed = true; break pieces }
                    position += count
                }
            }
        }
        let synced = !failed && fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(staging, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging)
            return "could not be written (\(reason))"
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return nil
    }
}
