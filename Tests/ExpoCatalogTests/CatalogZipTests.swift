import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A catalog folder as a zip and back: every file at its path with its bytes, read by
/// Python's zipfile as well; and hostile zips given as a catalog, each refused with its
/// entry named and nothing written outside the folder it unpacks into.
struct CatalogZipTests {
    @Test func aFolderZippedAndUnpackedIsTheSameFolder() throws {
        let catalog = try TemporaryCatalog.seed(extra: ["notes/curator.txt": "메모", "jikji.ko.ogg": String(repeating: "x", count: 3_000_000)])
        let work = try TemporaryCatalog()
        let zip = work.url.appendingPathComponent("catalog.zip")
        let written = try CatalogZip.write(folder: catalog.url, to: zip)
        #expect(written.files == (try FileManager.default.subpathsOfDirectory(atPath: catalog.url.path)).filter { !$0.hasSuffix("notes") }.count)
        #expect(CatalogZip.isZip(zip))
        let unpacked = work.url.appendingPathComponent("unpacked")
        try CatalogZip.unpack(zip, into: unpacked)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: catalog.url.path).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: unpacked.path).sorted() == paths)
        for path in paths where !path.hasSuffix("notes") {
            #expect(try Data(contentsOf: unpacked.appendingPathComponent(path)) == Data(contentsOf: catalog.url.appendingPathComponent(path)), "\(path)")
        }
        #expect(try CatalogLoader.load(at: unpacked).fingerprint == catalog.load().fingerprint)
        // Another reader: Python's zipfile tests every file's CRC.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sys, zipfile; sys.exit(zipfile.ZipFile(sys.argv[1]).testzip() is not None)", zip.path]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
    }

    /// A zip of stored files written by hand, each with what a hostile zip may say of it.
    struct Member {
        var name: String
        var bytes: [UInt8]
        var mode: UInt32 = 0o100644
        var flags: UInt16 = 0x0800
        var crc: UInt32?
        var declaredSize: UInt32?
    }

    static func zip(_ members: [Member]) -> [UInt8] {
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for member in members {
            let name = Array(member.name.utf8)
            let crc = member.crc ?? UInt32(member.bytes.withUnsafeBufferPointer { crc32Of($0) })
            let size = member.declaredSize ?? UInt32(member.bytes.count)
            let offset = UInt32(out.count)
            out += le32(0x0403_4b50) + le16(20) + le16(member.flags) + le16(0) + le16(0) + le16(0x21) + le32(crc)
                + le32(UInt32(member.bytes.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + member.bytes
            central += le32(0x0201_4b50) + le16(20) + le16(20) + le16(member.flags) + le16(0) + le16(0) + le16(0x21) + le32(crc)
                + le32(UInt32(member.bytes.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(member.mode << 16) + le32(offset) + name
        }
        let start = UInt32(out.count)
        out += central
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
            + le32(UInt32(central.count)) + le32(start) + le16(0)
        return out
    }

    static func crc32Of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: [
        ("../outside.txt", "a path outside the folder"),
        ("/etc/outside.txt", "a path outside the folder"),
        ("a\\..\\outside.txt", "a path outside the folder"),
        ("a/./b.txt", "a path outside the folder"),
        ("link", "is a symbolic link"),
        ("secret.txt", "is encrypted"),
        ("twice.txt", "is in it twice"),
        ("crc.txt", "is damaged"),
        ("small.txt", "unpacks to more than the 4 bytes it says"),
        ("huge.txt", "times the zip's own size"),
    ])
    func aHostileZipIsRefusedNamingItsEntry(name: String, expected: String) throws {
        var members = [Member(name: "items.json", bytes: Array("[]".utf8))]
        switch name {
        case "link": members.append(Member(name: name, bytes: Array("/etc/passwd".utf8), mode: 0o120777))
        case "secret.txt": members.append(Member(name: name, bytes: Array("xxxx".utf8), flags: 0x0801))
        case "twice.txt": members += [Member(name: name, bytes: [1]), Member(name: "TWICE.txt", bytes: [2])]
        case "crc.txt": members.append(Member(name: name, bytes: Array("text".utf8), crc: 1234))
        case "small.txt": members.append(Member(name: name, bytes: Array("more than four".utf8), declaredSize: 4))
        case "huge.txt": members += (0..<20).map { Member(name: "huge-\($0).txt", bytes: [], declaredSize: 0xFFFF_FFF0) }
        default: members.append(Member(name: name, bytes: Array("x".utf8)))
        }
        let work = try TemporaryCatalog()
        let zip = work.url.appendingPathComponent("hostile.zip")
        try Data(Self.zip(members)).write(to: zip)
        let target = work.url.appendingPathComponent("a").appendingPathComponent("unpacked")
        #expect(throws: CatalogZip.Failure.self) { try CatalogZip.unpack(zip, into: target) }
        let message = Self.refusal { () throws(CatalogZip.Failure) in try CatalogZip.unpack(zip, into: work.url.appendingPathComponent("again")) }
        #expect(message.contains(expected), "\(message)")
        if name != "huge.txt" { #expect(message.lowercased().contains(name), "\(message)") }
        #expect(!FileManager.default.fileExists(atPath: work.url.appendingPathComponent("outside.txt").path))
        #expect(!FileManager.default.fileExists(atPath: work.url.appendingPathComponent("a/outside.txt").path))
    }

    /// A 1 MB zip holding an honest 1 GB of zeros: refused by what it says before a byte is
    /// written, naming the entry, with nothing of it left.
    @Test func aZipThatUnpacksFarPastItsSizeIsRefusedBeforeItIsWritten() throws {
        let work = try TemporaryCatalog()
        let zip = work.url.appendingPathComponent("bomb.zip")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
                z.writestr("items.json", "[]")
                with z.open("zeros.bin", "w", force_zip64=True) as f:
                    block = bytes(1 << 20)
                    for _ in range(1024): f.write(block)
            """, zip.path]
        try python.run()
        python.waitUntilExit()
        let packed = try #require(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int)
        #expect(packed < 2 << 20, "1 GB of zeros packs to \(packed) bytes")
        let target = work.url.appendingPathComponent("unpacked")
        let message = Self.refusal { () throws(CatalogZip.Failure) in try CatalogZip.unpack(zip, into: target) }
        #expect(message.contains("zeros.bin") && message.contains("200 times the zip's own size"), "\(message)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [] == [], "nothing of it kept")
    }

    /// A zip is bounded by the room the disk has, and one refused halfway leaves nothing.
    @Test func unpackingStopsAtTheRoomTheDiskHasAndRemovesWhatItWrote() throws {
        let work = try TemporaryCatalog()
        let zip = work.url.appendingPathComponent("big.zip")
        try Data(Self.zip([Member(name: "a/one.bin", bytes: [UInt8](repeating: 7, count: 3 << 20)),
                           Member(name: "b/two.bin", bytes: [UInt8](repeating: 8, count: 3 << 20))])).write(to: zip)
        let target = work.url.appendingPathComponent("unpacked")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        // 1 GB and 5 MB free on a disk of 100 GB: 5 MB of room past the margin of 1 GB.
        let message = Self.refusal { () throws(CatalogZip.Failure) in
            try ZipReader.unpack(zip, into: target, disk: (free: (1 << 30) + (5 << 20), size: 100 << 30))
        }
        #expect(message.contains("b/two.bin") && message.contains("the room the disk has free"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == [])
        // A zip refused halfway (its second file damaged) leaves nothing of its first either.
        try Data(Self.zip([Member(name: "a/one.bin", bytes: [UInt8](repeating: 7, count: 3 << 20)),
                           Member(name: "b/two.bin", bytes: [1, 2, 3], crc: 1234)])).write(to: zip)
        let damaged = Self.refusal { () throws(CatalogZip.Failure) in try CatalogZip.unpack(zip, into: target) }
        #expect(damaged.contains("b/two.bin"), "\(damaged)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == [], "what was written is gone")
        let limit = UnpackLimit(packed: 1 << 20, free: nil, disk: nil)
        #expect(limit.bytes == 200 << 20)
        #expect(UnpackLimit(packed: 1 << 10, free: nil, disk: nil).bytes == 64 << 20, "a tiny zip may still hold a few texts")
    }

    /// What the unpacking refused with; empty when it did not.
    static func refusal(_ work: () throws(CatalogZip.Failure) -> Void) -> String {
        do {
            try work()
            return ""
        } catch {
            return error.message
        }
    }

    @Test func whatIsNoZipOrIsCutShortIsRefused() throws {
        let work = try TemporaryCatalog()
        let notZip = work.url.appendingPathComponent("items.zip")
        try Data("not a zip at all".utf8).write(to: notZip)
        #expect(!CatalogZip.isZip(notZip))
        #expect(throws: CatalogZip.Failure.self) { try CatalogZip.unpack(notZip, into: work.url.appendingPathComponent("x")) }
        let whole = Self.zip([Member(name: "items.json", bytes: Array(repeating: 65, count: 1000))])
        let cut = work.url.appendingPathComponent("cut.zip")
        try Data(whole.prefix(600) + whole.suffix(from: whole.count - 22)).write(to: cut)
        #expect(throws: CatalogZip.Failure.self) { try CatalogZip.unpack(cut, into: work.url.appendingPathComponent("y")) }
    }
}
