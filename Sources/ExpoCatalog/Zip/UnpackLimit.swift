import Foundation

/// How much a zip may unpack to: what the disk has free less a margin, a multiple of the
/// zip's own size, and 64 GB, whichever is least. A 1 MB zip holding an honest 1 GB of
/// zeros is a bomb, not a catalog: a catalog's JSON packs about 10:1 and its photos and
/// recordings hardly at all.
struct UnpackLimit: Equatable {
    /// A catalog with 100,000 photos is tens of gigabytes.
    static let most: UInt64 = 64 << 30
    /// Far past any catalog (text 10:1, media 1:1), far short of a bomb (zeros pack 1000:1).
    static let ratio: UInt64 = 200
    /// A tiny zip (a catalog of a few texts) may still unpack to this, whatever its ratio.
    static let tinyAllowance: UInt64 = 64 << 20
    /// Left free on the disk: 1 GB, or 5 % of a disk smaller than 20 GB, so that the guide,
    /// its logs and its database still have room after the unpacking.
    static func margin(disk: UInt64) -> UInt64 { min(1 << 30, disk / 20) }

    let bytes: UInt64
    /// Why it is this, for the message.
    let reason: String

    init(packed: UInt64, free: UInt64?, disk: UInt64?) {
        var limit = (Self.most, "the \(Self.most >> 30) GB a catalog may have")
        let byRatio = max(packed * Self.ratio, Self.tinyAllowance)
        if byRatio < limit.0 { limit = (byRatio, "\(Self.ratio) times the zip's own size of \(Self.shown(packed))") }
        if let free, let disk {
            let room = free > Self.margin(disk: disk) ? free - Self.margin(disk: disk) : 0
            if room < limit.0 { limit = (room, "the room the disk has free, keeping \(Self.shown(Self.margin(disk: disk))) of it free") }
        }
        bytes = limit.0
        reason = limit.1
    }

    /// Free and whole bytes of the disk holding `folder` (or its nearest existing parent).
    static func disk(of folder: URL) -> (free: UInt64, size: UInt64)? {
        var path = folder.path
        while !FileManager.default.fileExists(atPath: path), path != "/" { path = (path as NSString).deletingLastPathComponent }
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        return (UInt64(stats.f_bavail) * UInt64(stats.f_frsize), UInt64(stats.f_blocks) * UInt64(stats.f_frsize))
    }

    static func shown(_ bytes: UInt64) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(clamping: bytes), countStyle: .binary)
    }
}
