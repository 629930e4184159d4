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
    /// once every change has been checked against the files as they are now. Returns the
    /// names of the files written.
    public func write(_ changes: [EntryChange]) -> Result<[String], EntryWriteError> {
        let primary = catalog.primary.language
        var planned: [(name: String, bytes: [UInt8])] = []
        for (name, group) in Dictionary(grouping: changes, by: { Self.itemsFile($0.language, primary: primary) }).sorted(by: { $0.key < $1.key }) {
            switch rewritten(name, group, primary: primary) {
            case let .success(bytes): planned.append((name, bytes))
            case let .failure(error): return .failure(error)
            }
        }
        for (name, bytes) in planned {
            if let reason = AtomicFile.write(bytes, to: folder.appendingPathComponent(name)) {
                return .failure(.unusable(file: name, reason: reason))
            }
        }
        return .success(planned.map(\.name))
    }

    /// The file `name` as it is now, with `changes` made to it.
    private func rewritten(_ name: String, _ changes: [EntryChange], primary: Language) -> Result<[UInt8], EntryWriteError> {
        let url = folder.appendingPathComponent(name)
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unusable(file: name, reason: "is not a plain file (the studio does not write through links)"))
        }
        guard let known = items[name] else { return .failure(.unusable(file: name, reason: "was not read entry by entry")) }
        let bytes: [UInt8]
        switch CatalogBoundary(folder).read(url, limit: .dataFile) {
        case let .success(read): bytes = read
        case let .failure(refusal): return .failure(.unusable(file: name, reason: refusal.message("not read")))
        }
        guard let scan = JSONElementScan(bytes) else { return .failure(.unusable(file: name, reason: "is no longer a list of entries")) }
        guard scan.starts.count == known.scan.starts.count else {
            return .failure(.changedOnDisk(file: name, exhibit: changes[0].exhibit))
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
            guard EntryVersion.of(scan.digests[index]) == change.version else {
                return .failure(.changedOnDisk(file: name, exhibit: change.exhibit))
            }
            let entry = scan.entry(index, in: bytes)
            replacements.append((entry.startIndex..<entry.endIndex, change.bytes))
        }
        var out = bytes
        if !appended.isEmpty, let lastIndex = scan.starts.indices.last {
            let last = scan.entry(lastIndex, in: bytes)
            let indent = Self.indent(before: last.startIndex, in: bytes)
            var text = ""
            for entry in appended {
                guard let value = try? JSONParser.parse(entry) else { return .failure(.unusable(file: name, reason: "a new entry is not JSON")) }
                text += ",\n" + indent + JSONWriter.text(value, indent: indent)
            }
            replacements.append((last.endIndex..<last.endIndex, Array(text.utf8)))
        }
        for (range, replacement) in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(range, with: replacement)
        }
        return .success(out)
    }

    /// The spaces between the start of the line and `offset`.
    private static func indent(before offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A ? String(decoding: bytes[start..<offset], as: UTF8.self) : ""
    }
}

/// A file replaced whole or not at all: written beside itself, synced to the disk, then
/// renamed over the old one, so a reader (the guide's reload, `git`, an editor) never sees
/// half of it, and a crash leaves the old file.
enum AtomicFile {
    /// Nil when written, else why not.
    static func write(_ bytes: [UInt8], to url: URL) -> String? {
        let folder = url.deletingLastPathComponent().path
        let staging = folder + "/.\(url.lastPathComponent).studio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var old = stat()
        let mode = stat(url.path, &old) == 0 ? old.st_mode & 0o777 : 0o644
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return "could not be written beside itself (\(String(cString: strerror(errno))))" }
        var written = 0
        let failed: Bool = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                if result <= 0 { return true }
                written += result
            }
            return false
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
