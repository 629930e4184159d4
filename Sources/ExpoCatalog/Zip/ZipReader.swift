import CZlib
import Foundation

/// Unpacks a zip (a catalog downloaded from the studio, or zipped by hand) into a folder,
/// treating the zip as hostile: only plain files and folders, each path inside the folder
/// (no `..`, no absolute path, no backslash), no links, no encryption; each file no larger
/// than it says, every CRC checked, and the whole bounded in files and bytes.
enum ZipReader {
    typealias Failure = CatalogZip.Failure

    /// A catalog has a few files per exhibit; a zip of more is refused.
    static let fileLimit = 1_000_000

    private struct Entry {
        let name: String
        let method: UInt16
        let crc: UInt32
        let compressed: UInt64
        let size: UInt64
        let localOffset: UInt64
        let isFolder: Bool
    }

    /// `disk`: the free and whole bytes of the disk, when a test says them.
    static func unpack(_ zip: URL, into folder: URL, disk: (free: UInt64, size: UInt64)? = nil) throws(Failure) {
        guard let handle = try? FileHandle(forReadingFrom: zip) else { throw Failure(message: "cannot be read") }
        defer { try? handle.close() }
        let entries = try directory(handle)
        let packed = (try? handle.seekToEnd()) ?? 0
        let room = disk ?? UnpackLimit.disk(of: folder)
        let limit = UnpackLimit(packed: packed, free: room?.free, disk: room?.size)
        func refusal(_ entry: Entry) -> Failure {
            Failure(message: "\(entry.name): takes what the zip unpacks to past \(UnpackLimit.shown(limit.bytes)), \(limit.reason); "
                + "a catalog never packs so tight, so the zip is refused and nothing of it kept")
        }
        // What the zip says first, so that an honest bomb is refused before a byte is written;
        // then what is written, as it is written (a size may lie, and the check is cheap).
        var total: UInt64 = 0
        for entry in entries {
            total += entry.size
            guard total <= limit.bytes else { throw refusal(entry) }
        }
        var made: [URL] = []
        do throws(Failure) {
            try unpack(entries, from: handle, into: folder, limit: limit.bytes, made: &made, refusal: refusal)
        } catch {
            // What was written goes, the newest first (files before their folders).
            for url in made.reversed() { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }

    private static func unpack(_ entries: [Entry], from handle: FileHandle, into folder: URL, limit: UInt64, made: inout [URL],
                               refusal: (Entry) -> Failure) throws(Failure) {
        var written: UInt64 = 0
        for entry in entries {
            let target = folder.appendingPathComponent(entry.name)
            if entry.isFolder {
                try makeFolder(target, for: entry, made: &made)
                continue
            }
            try makeFolder(target.deletingLastPathComponent(), for: entry, made: &made)
            made.append(target)
            try extract(entry, from: handle, to: target) { count throws(Failure) in
                written += count
                guard written <= limit else { throw refusal(entry) }
            }
        }
    }

    /// Makes `folder` and the parents it needs, noting each one made.
    private static func makeFolder(_ folder: URL, for entry: Entry, made: inout [URL]) throws(Failure) {
        var missing: [URL] = []
        var parent = folder
        while !FileManager.default.fileExists(atPath: parent.path), parent.path != "/" {
            missing.append(parent)
            parent = parent.deletingLastPathComponent()
        }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw Failure(message: "\(entry.name): cannot make its folder")
        }
        made += missing.reversed()
    }

    private static func directory(_ handle: FileHandle) throws(Failure) -> [Entry] {
        guard let end = try? handle.seekToEnd() else { throw Failure(message: "cannot be read") }
        let tail = min(end, 65_557)
        let last = read(handle, at: end - tail, count: Int(tail))
        guard last.count >= 22, let record = stride(from: last.count - 22, through: 0, by: -1).first(where: { u32(last, $0) == 0x0605_4b50 }) else {
            throw Failure(message: "is not a zip file (no end of its central directory)")
        }
        var count = UInt64(u16(last, record + 10))
        var size = UInt64(u32(last, record + 12))
        var offset = UInt64(u32(last, record + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF, record >= 20, u32(last, record - 20) == 0x0706_4b50 {
            let zip64 = read(handle, at: u64(last, record - 20 + 8), count: 56)
            guard zip64.count == 56, u32(zip64, 0) == 0x0606_4b50 else { throw Failure(message: "its ZIP64 record is damaged") }
            count = u64(zip64, 32)
            size = u64(zip64, 40)
            offset = u64(zip64, 48)
        }
        guard count <= UInt64(fileLimit) else { throw Failure(message: "holds more than \(fileLimit) files") }
        guard offset + size <= end, size <= 512 << 20 else { throw Failure(message: "its central directory lies outside the file") }
        let bytes = read(handle, at: offset, count: Int(size))
        var entries: [Entry] = []
        var names: Set<String> = []
        var at = 0
        for _ in 0..<count {
            let start = at
            guard at + 46 <= bytes.count, u32(bytes, at) == 0x0201_4b50 else { throw Failure(message: "its central directory is damaged") }
            let flags = u16(bytes, at + 8)
            let method = u16(bytes, at + 10)
            var compressed = UInt64(u32(bytes, at + 20))
            var size = UInt64(u32(bytes, at + 24))
            let nameLength = Int(u16(bytes, at + 28))
            let extraLength = Int(u16(bytes, at + 30))
            let commentLength = Int(u16(bytes, at + 32))
            let mode = u32(bytes, at + 38) >> 16
            var local = UInt64(u32(bytes, at + 42))
            guard at + 46 + nameLength + extraLength + commentLength <= bytes.count else { throw Failure(message: "its central directory is damaged") }
            let rawName = Array(bytes[(at + 46)..<(at + 46 + nameLength)])
            guard let name = String(validating: rawName, as: UTF8.self) ?? (rawName.allSatisfy { $0 < 0x80 } ? String(decoding: rawName, as: UTF8.self) : nil) else {
                throw Failure(message: "a file's name is not UTF-8")
            }
            // ZIP64 sizes and offset, in that order, for each field the record left at its maximum.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = u16(bytes, extra)
                let length = Int(u16(bytes, extra + 2))
                if id == 1 {
                    var field = extra + 4
                    if size == 0xFFFF_FFFF, field + 8 <= extraEnd { size = u64(bytes, field); field += 8 }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extraEnd { compressed = u64(bytes, field); field += 8 }
                    if local == 0xFFFF_FFFF, field + 8 <= extraEnd { local = u64(bytes, field) }
                }
                extra += 4 + length
            }
            at = extraEnd + commentLength
            guard flags & 1 == 0 else { throw Failure(message: "\(name): is encrypted") }
            guard method == 0 || method == 8 else { throw Failure(message: "\(name): is compressed with method \(method); only stored and deflated files are read") }
            guard mode & 0o170000 != 0o120000 else { throw Failure(message: "\(name): is a symbolic link; a catalog's zip holds files only") }
            let isFolder = name.hasSuffix("/")
            let path = isFolder ? String(name.dropLast()) : name
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard !path.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0"),
                  parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                throw Failure(message: "\(name): a path outside the folder it unpacks into")
            }
            guard names.insert(path.lowercased()).inserted else { throw Failure(message: "\(name): is in it twice") }
            guard local < offset else { throw Failure(message: "\(name): lies outside the file") }
            entries.append(Entry(name: path, method: method, crc: u32(bytes, start + 16),
                                 compressed: compressed, size: size, localOffset: local, isFolder: isFolder))
        }
        return entries
    }

    /// Writes the entry to `target`, telling `wrote` each piece's size before it is written.
    private static func extract(_ entry: Entry, from handle: FileHandle, to target: URL,
                                wrote: (UInt64) throws(Failure) -> Void) throws(Failure) {
        let header = read(handle, at: entry.localOffset, count: 30)
        guard header.count == 30, u32(header, 0) == 0x0403_4b50 else { throw Failure(message: "\(entry.name): its local header is damaged") }
        var at = entry.localOffset + 30 + UInt64(u16(header, 26)) + UInt64(u16(header, 28))
        guard FileManager.default.createFile(atPath: target.path, contents: nil), let output = try? FileHandle(forWritingTo: target) else {
            throw Failure(message: "\(entry.name): cannot be written")
        }
        defer { try? output.close() }
        var remaining = entry.compressed
        var written: UInt64 = 0
        var crc = crc32(0, nil, 0)
        let inflater = entry.method == 8 ? try Inflater() : nil
        func write(_ bytes: [UInt8]) throws(Failure) {
            written += UInt64(bytes.count)
            guard written <= entry.size else { throw Failure(message: "\(entry.name): unpacks to more than the \(entry.size) bytes it says") }
            try wrote(UInt64(bytes.count))
            crc = bytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            do { try output.write(contentsOf: bytes) } catch { throw Failure(message: "\(entry.name): cannot be written") }
        }
        while remaining > 0 {
            let piece = read(handle, at: at, count: Int(min(remaining, 1 << 20)))
            guard !piece.isEmpty else { throw Failure(message: "\(entry.name): the zip ends inside it") }
            at += UInt64(piece.count)
            remaining -= UInt64(piece.count)
            if let inflater {
                try inflater.inflate(piece, name: entry.name) { bytes throws(Failure) in try write(bytes) }
            } else {
                try write(piece)
            }
        }
        guard written == entry.size, UInt32(crc) == entry.crc, inflater?.ended ?? true else {
            throw Failure(message: "\(entry.name): is damaged (its size or CRC is not the one the zip gives)")
        }
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) -> [UInt8] {
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count) else { return [] }
        return [UInt8](data)
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16 }
    static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(bytes, at)) | UInt64(u32(bytes, at + 4)) << 32 }
}

/// Raw inflate, fed in pieces, handing out what each piece unpacks to.
private final class Inflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var scratch = [UInt8](repeating: 0, count: 1 << 18)
    private(set) var ended = false

    init() throws(ZipReader.Failure) {
        stream.initialize(to: z_stream())
        guard inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw ZipReader.Failure(message: "zlib could not start")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func inflate(_ input: [UInt8], name: String, _ output: ([UInt8]) throws(ZipReader.Failure) -> Void) throws(ZipReader.Failure) {
        guard !ended else { throw ZipReader.Failure(message: "\(name): has bytes after its end") }
        try input.withUnsafeBufferPointer { source throws(ZipReader.Failure) in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.pointee.avail_in = uInt(source.count)
            repeat {
                var status: Int32 = Z_OK
                let produced = scratch.withUnsafeMutableBufferPointer { target in
                    stream.pointee.next_out = target.baseAddress
                    stream.pointee.avail_out = uInt(target.count)
                    status = CZlib.inflate(stream, Z_NO_FLUSH)
                    return target.count - Int(stream.pointee.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == 0) else {
                    throw ZipReader.Failure(message: "\(name): its compressed bytes are damaged")
                }
                if produced > 0 { try output(Array(scratch[..<produced])) }
                if status == Z_STREAM_END {
                    ended = true
                    break
                }
                if produced == 0 && stream.pointee.avail_in == 0 { break }
            } while true
        }
    }
}
