import Foundation

/// The packed exhibits of a large items file's runs, kept on disk: a start whose file (or
/// some of its runs) did not change reads each unchanged run's packed records back instead
/// of parsing and decoding its JSON again. The items file stays the one truth: a run is
/// found by the digest of its own bytes, so an edit rebuilds the runs it touches and no
/// other. Only a clean run is kept (every entry an exhibit of packed texts, no message, no
/// note, no unknown key): what a run with findings says is made again from its JSON.
struct CatalogRunCache: Sendable {
    let folder: URL

    /// Raised whenever what a run's file holds, or what decoding makes of an entry, changes:
    /// files of another version are never found.
    static let formatVersion = 1

    /// `$XDG_CACHE_HOME/expo1900/catalogs`, else `~/.cache/expo1900/catalogs`
    /// (`~/Library/Caches/expo1900/catalogs` on macOS), beside the images' cache.
    static var defaultFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("expo1900/catalogs")
        }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/expo1900/catalogs")
        #else
        return home.appendingPathComponent(".cache/expo1900/catalogs")
        #endif
    }

    /// What a run was read with, beside its bytes, that decoding it depends on.
    struct Setting: Sendable {
        var keepsNotes: Bool
        var floors: PositionDecoder.KnownFloors

        var text: String {
            "notes \(keepsNotes) floors \(floors.file) " + floors.ids.sorted().joined(separator: "\u{1F}")
        }
    }

    /// A run of `count` entries in `byteCount` bytes of digest `digest`, the first being the
    /// list's entry `first` (an entry without a stop takes its place in the list).
    static func key(digest: UInt64, byteCount: Int, first: Int, count: Int, setting: Setting) -> String {
        let text = "v\(formatVersion) \(digest) \(byteCount) \(first) \(count) " + setting.text
        let mixed = Array(text.utf8).withUnsafeBytes { JSONElementScan.digest($0) }
        return String(digest, radix: 16) + "-" + String(mixed, radix: 16)
    }

    /// A run read back: its packed exhibits, and for each entry whether it gave a stop and
    /// whether it gave `images` (where a note on their alt text is placed).
    struct Entry {
        var packed: PackedExhibits
        var givesStop: [Bool]
        var givesImages: [Bool]
    }

    private static let magic = Array("expo1900 run\n".utf8)

    /// A file is the magic, its key (a file copied under another key is refused), a digest
    /// of what follows (a byte changed on disk is refused, not read as another text), a byte
    /// for each entry (1: it gives a stop, 2: it gives images), then the packed run.
    private static func header(_ key: String, digest: UInt64) -> [UInt8] {
        magic + Array(key.utf8) + [0x0A] + withUnsafeBytes(of: digest.littleEndian) { Array($0) }
    }

    func read(_ key: String, count: Int) -> Entry? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(key).path) else { return nil }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Entry? in
            let head = Self.header(key, digest: 0).count
            guard raw.count >= head + count else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: raw[head...])
            guard raw.prefix(head).elementsEqual(Self.header(key, digest: JSONElementScan.digest(body))),
                  let packed = PackedExhibits(encoded: UnsafeRawBufferPointer(rebasing: body[count...])),
                  packed.count == count else { return nil }
            let flags = body.prefix(count)
            guard flags.allSatisfy({ $0 <= 3 }) else { return nil }
            return Entry(packed: packed, givesStop: flags.map { $0 & 1 != 0 }, givesImages: flags.map { $0 & 2 != 0 })
        }
    }

    /// Keeps a run, whole or not at all (written aside, then renamed into place). A run that
    /// cannot be kept (a full disk, a folder not writable) is simply read again next time.
    func write(_ key: String, _ entry: Entry) {
        guard entry.givesStop.count == entry.packed.count, entry.givesImages.count == entry.packed.count,
              let encoded = entry.packed.encoded() else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(key).path
        let aside = path + ".\(getpid()).\(UInt64.random(in: 0...UInt64.max)).part"
        let body = zip(entry.givesStop, entry.givesImages).map { (stop, images) in (stop ? 1 : 0) | (images ? 2 : 0) } + encoded
        let bytes = body.withUnsafeBytes { Self.header(key, digest: JSONElementScan.digest($0)) } + body
        guard FileManager.default.createFile(atPath: aside, contents: Data(bytes)) else { return }
        if rename(aside, path) != 0 { unlink(aside) }
    }
}

extension CatalogLoader.Options {
    /// Where the commands keep a large catalog's packed runs: `CatalogRunCache.defaultFolder`,
    /// or none when `EXPO1900_NO_CATALOG_CACHE` is set (to measure a start without it).
    public static var defaultRunCache: URL? {
        ProcessInfo.processInfo.environment["EXPO1900_NO_CATALOG_CACHE"] == nil ? CatalogRunCache.defaultFolder : nil
    }
}
