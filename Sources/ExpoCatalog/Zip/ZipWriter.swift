import CZlib
import Foundation

/// A zip archive written file by file to disk, each file read and compressed in pieces, so
/// a catalog of any size is archived in a few megabytes of memory. Text is deflated; what
/// is compressed already (photos, recordings) is stored. Names are UTF-8 (flag bit 11).
/// Sizes and CRCs follow each file in a data descriptor; ZIP64 records are added only
/// where an offset or the count of files passes what the plain format holds.
final class ZipWriter {
    typealias Failure = CatalogZip.Failure

    private struct Entry {
        let name: [UInt8]
        let method: UInt16
        let crc: UInt32
        let compressed: UInt64
        let size: UInt64
        let offset: UInt64
    }

    private let output: FileHandle
    private var offset: UInt64 = 0
    private var entries: [Entry] = []
    private var pending: [UInt8] = []
    private static let chunk = 1 << 20
    /// Extensions whose bytes deflate would not shrink.
    static let stored: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "gif", "mp3", "m4a", "aac", "ogg",
                                      "oga", "opus", "mp4", "m4v", "mov", "webm", "zip", "gz", "woff", "woff2"]

    init(writingTo url: URL) throws(Failure) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw Failure(message: "cannot write \(url.path)")
        }
        output = handle
    }

    /// Adds the file at `source` as `name` (a relative path with `/`).
    func add(_ source: URL, as name: String) throws(Failure) {
        guard let input = try? FileHandle(forReadingFrom: source) else { throw Failure(message: "cannot read \(name)") }
        defer { try? input.close() }
        let deflating = !Self.stored.contains((name as NSString).pathExtension.lowercased())
        let start = offset
        let nameBytes = Array(name.utf8)
        // Version 2.0, UTF-8 name and a data descriptor, no time (1980-01-01: the same catalog gives the same bytes).
        var header = Self.le32(0x0403_4b50) + Self.le16(20) + Self.le16(0x0808) + Self.le16(deflating ? 8 : 0)
        header += Self.le16(0) + Self.le16(0x21) + Self.le32(0) + Self.le32(0) + Self.le32(0)
        header += Self.le16(UInt16(nameBytes.count)) + Self.le16(0) + nameBytes
        try write(header)
        var crc = crc32(0, nil, 0)
        var size: UInt64 = 0
        var compressed: UInt64 = 0
        let deflater = deflating ? try Deflater() : nil
        while true {
            let data = (try? input.read(upToCount: Self.chunk)) ?? Data()
            let bytes = [UInt8](data)
            let last = bytes.count < Self.chunk
            if !bytes.isEmpty {
                crc = bytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
                size += UInt64(bytes.count)
            }
            let out = try deflater.map { deflater throws(Failure) in try deflater.deflate(bytes, finish: last) } ?? bytes
            compressed += UInt64(out.count)
            try write(out)
            if last { break }
        }
        guard size < 0xFFFF_FFFF, compressed < 0xFFFF_FFFF else {
            throw Failure(message: "\(name) is 4 GB or more, more than a zip of the catalog holds")
        }
        try write(Self.le32(0x0807_4b50) + Self.le32(UInt32(crc)) + Self.le32(UInt32(compressed)) + Self.le32(UInt32(size)))
        entries.append(Entry(name: nameBytes, method: deflating ? 8 : 0, crc: UInt32(crc), compressed: compressed, size: size, offset: start))
    }

    /// Writes the central directory and closes the file.
    func finish() throws(Failure) {
        let directoryStart = offset
        for entry in entries {
            let far = entry.offset >= 0xFFFF_FFFF
            let extra = far ? Self.le16(1) + Self.le16(8) + Self.le64(entry.offset) : []
            var record = Self.le32(0x0201_4b50) + Self.le16(far ? 45 : 20) + Self.le16(far ? 45 : 20) + Self.le16(0x0808)
            record += Self.le16(entry.method) + Self.le16(0) + Self.le16(0x21) + Self.le32(entry.crc)
            record += Self.le32(UInt32(entry.compressed)) + Self.le32(UInt32(entry.size))
            record += Self.le16(UInt16(entry.name.count)) + Self.le16(UInt16(extra.count)) + Self.le16(0) + Self.le16(0) + Self.le16(0)
            // External attributes: a regular file, readable by all (-rw-r--r--).
            record += Self.le32(0o100644 << 16) + Self.le32(far ? 0xFFFF_FFFF : UInt32(entry.offset)) + entry.name + extra
            try write(record)
        }
        let directorySize = offset - directoryStart
        let large = entries.count >= 0xFFFF || directoryStart >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF
        if large {
            let zip64End = offset
            var record = Self.le32(0x0606_4b50) + Self.le64(44) + Self.le16(45) + Self.le16(45) + Self.le32(0) + Self.le32(0)
            record += Self.le64(UInt64(entries.count)) + Self.le64(UInt64(entries.count)) + Self.le64(directorySize) + Self.le64(directoryStart)
            record += Self.le32(0x0706_4b50) + Self.le32(0) + Self.le64(zip64End) + Self.le32(1)
            try write(record)
        }
        let count = large ? 0xFFFF : UInt16(entries.count)
        var end = Self.le32(0x0605_4b50) + Self.le16(0) + Self.le16(0) + Self.le16(count) + Self.le16(count)
        end += Self.le32(large ? 0xFFFF_FFFF : UInt32(directorySize)) + Self.le32(large ? 0xFFFF_FFFF : UInt32(directoryStart)) + Self.le16(0)
        try write(end)
        try flush()
        try? output.close()
    }

    private func write(_ bytes: [UInt8]) throws(Failure) {
        pending += bytes
        offset += UInt64(bytes.count)
        if pending.count >= Self.chunk { try flush() }
    }

    private func flush() throws(Failure) {
        guard !pending.isEmpty else { return }
        do { try output.write(contentsOf: pending) } catch { throw Failure(message: "cannot write the zip: \(error.localizedDescription)") }
        pending.removeAll(keepingCapacity: true)
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
}

/// Raw deflate (no zlib or gzip wrapper), as a zip holds it, fed in pieces.
private final class Deflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var scratch = [UInt8](repeating: 0, count: 1 << 18)

    init() throws(ZipWriter.Failure) {
        stream.initialize(to: z_stream())
        guard deflateInit2_(stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw ZipWriter.Failure(message: "zlib could not start")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func deflate(_ input: [UInt8], finish: Bool) throws(ZipWriter.Failure) -> [UInt8] {
        var out: [UInt8] = []
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.pointee.avail_in = uInt(source.count)
            repeat {
                let written = scratch.withUnsafeMutableBufferPointer { target in
                    stream.pointee.next_out = target.baseAddress
                    stream.pointee.avail_out = uInt(target.count)
                    status = CZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return target.count - Int(stream.pointee.avail_out)
                }
                out += scratch[..<written]
            } while stream.pointee.avail_out == 0 || (finish && status == Z_OK)
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw ZipWriter.Failure(message: "zlib failed (\(status))")
        }
        return out
    }
}
