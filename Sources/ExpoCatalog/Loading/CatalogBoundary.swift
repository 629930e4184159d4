import Foundation

/// The folder a catalog was given as, and the one way the loader opens a file of it. A
/// catalog comes from someone else: every path it names (an imageset's `filename`, a
/// dataset's file, a symbolic link) is resolved, symbolic links and `..` included, and
/// refused when it leads outside the folder, before anything is opened. Only regular files
/// are read (a FIFO would block the read for ever), and data files only up to a size far
/// above any real catalog's, so that a sparse gigabyte cannot take the memory.
struct CatalogBoundary: Sendable {
    /// How large a file may be before it is refused unread, and what the message calls it.
    struct SizeLimit: Sendable {
        var bytes: Int64
        var what: String

        /// JSON and CSV data files: a 100,000-exhibit catalog with long texts is about 270 MB.
        static let dataFile = SizeLimit(bytes: 512 << 20, what: "a data file")
        /// An asset's `Contents.json`, which Xcode writes at a few hundred bytes.
        static let assetContents = SizeLimit(bytes: 1 << 20, what: "an asset's Contents.json")
        /// A transcript: an hour's narration is about 60 KB of text.
        static let transcript = SizeLimit(bytes: 4 << 20, what: "a transcript")
    }

    /// Why a file was not read, in words that follow its name.
    enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case missing
        case outside
        case folder
        case notAFile(String)
        case tooLarge(size: Int64, limit: Int64, what: String)
        case unreadable

        var description: String {
            switch self {
            case .missing: "missing"
            case .outside: "outside the catalog's folder"
            case .folder: "a folder, not a file"
            case let .notAFile(kind): "\(kind), not a regular file"
            case let .tooLarge(size, limit, what):
                "\(Self.megabytes(size)), more than the \(Self.megabytes(limit)) allowed for \(what)"
            case .unreadable: "cannot be read (check its permissions)"
            }
        }

        /// The refusal as a message about the file, ending with what came of it:
        /// `is a FIFO (named pipe), not a regular file; not read`.
        func message(_ outcome: String) -> String {
            switch self {
            case .missing: "missing"
            case .unreadable: "cannot be read (check its permissions)"
            case .folder: "is a folder, not a file"
            case .outside: "leads outside the catalog's folder (a symbolic link?); \(outcome)"
            default: "is \(self); \(outcome)"
            }
        }

        private static func megabytes(_ bytes: Int64) -> String {
            bytes < 1 << 20 ? "\(bytes) bytes" : "\((bytes + (1 << 19)) >> 20) MB"
        }
    }

    /// The folder as given, for telling where a path that does not exist would lead.
    let folder: String
    /// The folder with its own symbolic links resolved, which every real path is held against.
    let realFolder: String

    init(_ url: URL) {
        folder = url.standardizedFileURL.path
        realFolder = Self.realPath(folder) ?? folder
    }

    /// The file a catalog entry names: a path from `folder`, or an absolute one as written.
    static func named(_ name: String, in folder: URL) -> URL {
        name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
    }

    /// Where `url` really is, when that is inside the catalog's folder.
    func resolve(_ url: URL) -> Result<String, Refusal> {
        guard let real = Self.realPath(url.path) else {
            // Nothing there (or a link to nothing): say "outside" when the path itself leaves.
            return .failure(Self.isInside(url.standardizedFileURL.path, folder) ? .missing : .outside)
        }
        return Self.isInside(real, realFolder) ? .success(real) : .failure(.outside)
    }

    /// The bytes of the file at `url`, or why it was not read. Nothing outside the folder, no
    /// FIFO, device or socket, and no file over `limit` is ever opened.
    func read(_ url: URL, limit: SizeLimit? = nil) -> Result<[UInt8], Refusal> {
        resolve(url).flatMap { path -> Result<[UInt8], Refusal> in
            var info = stat()
            guard stat(path, &info) == 0 else { return .failure(.missing) }
            if let problem = Self.problem(info) { return .failure(problem) }
            if let limit, Int64(info.st_size) > limit.bytes {
                return .failure(.tooLarge(size: Int64(info.st_size), limit: limit.bytes, what: limit.what))
            }
            guard let bytes = fileContents(path, size: Int(info.st_size)) else { return .failure(.unreadable) }
            return .success(bytes)
        }
    }

    /// Where each entry of the list in the file at `url` lies (see `JSONElementScan`), read a
    /// few megabytes at a time, with the same refusals as `read`; nil when it is not a list.
    func scan(_ url: URL) -> JSONElementScan? {
        guard case let .success(path) = resolve(url) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, Self.problem(info) == nil else { return nil }
        return JSONElementScan(file: path)
    }

    /// The bytes at `range` of the file at `url` (fewer when the file is shorter), with the
    /// same refusals as `read`.
    func read(_ url: URL, range: Range<Int>) -> Result<[UInt8], Refusal> {
        resolve(url).flatMap { path -> Result<[UInt8], Refusal> in
            var info = stat()
            guard stat(path, &info) == 0 else { return .failure(.missing) }
            if let problem = Self.problem(info) { return .failure(problem) }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return .failure(.unreadable) }
            defer { close(descriptor) }
            return Self.read(descriptor, range).map(Result.success) ?? .failure(.unreadable)
        }
    }

    /// The bytes at `range` of an open file (fewer when it is shorter), or nil when reading failed.
    static func read(_ descriptor: Int32, _ range: Range<Int>) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            var done = 0
            while done < range.count {
                let result = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failed = true; break }
                if result == 0 { break }
                done += result
            }
            initialized = done
        }
        return failed ? nil : bytes
    }

    /// Why a file of this kind is not read, or nil for a regular file.
    static func problem(_ info: stat) -> Refusal? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .folder
        case S_IFIFO: .notAFile("a FIFO (named pipe)")
        case S_IFSOCK: .notAFile("a socket")
        case S_IFCHR, S_IFBLK: .notAFile("a device")
        default: .notAFile("a special file")
        }
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The file's bytes, read straight into the array the parser reads: Foundation's `Data`
/// and a copy of it held a 265 MB `items.json` twice, and copying it was a tenth of
/// loading 100,000 exhibits.
private func fileContents(_ path: String, size: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var capacity = max(size, 0) + 1
    var count = 0
    while true {
        if count == capacity { capacity *= 2 }
        var failed = false
        let filled = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            // Keeps what was read before: a file may grow while it is read.
            if count > 0 { _ = bytes.withUnsafeBufferPointer { memcpy(buffer.baseAddress!, $0.baseAddress!, count) } }
            var done = count
            while done < capacity {
                let result = read(descriptor, buffer.baseAddress! + done, capacity - done)
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failed = true; break }
                if result == 0 { break }
                done += result
            }
            initialized = done
        }
        if failed { return nil }
        let grew = filled.count == capacity
        bytes = filled
        count = filled.count
        if !grew { return bytes }
    }
}
