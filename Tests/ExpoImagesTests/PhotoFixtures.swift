import ExpoTestSupport
import Foundation
@testable import ExpoImages

/// Photos as cameras and phones write them, made by the tests themselves.
enum PhotoFixtures {
    static let gpsMarker = "EXPO1900-GPS-DATUM"

    /// 200 × 100 pixels, red on the left half and blue on the right.
    static func redLeftBlueRight() -> Data {
        PNGFixture.make(width: 200, height: 100) { x, _ in x < 100 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }

    /// A JPEG of `redLeftBlueRight` with EXIF saying "turn 90° clockwise to show"
    /// (orientation 6) and a GPS position, as a phone camera writes it.
    static func jpegWithGPSAndOrientationSix() throws -> Data {
        let jpeg = try VipsPicture.decoded([UInt8](redLeftBlueRight()), width: 10_000).flatMap { $0.encoded(.jpeg(quality: 90)) }.get()
        let exif = Array("Exif\0\0".utf8) + tiff()
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        return Data(Array(jpeg[0..<2]) + segment + Array(jpeg[2...]))
    }

    /// A little-endian TIFF block: IFD0 with the orientation and a pointer to the GPS IFD,
    /// which holds a latitude and a map datum text that the tests look for.
    private static func tiff() -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let ifd0 = 8
        let gpsIFD = ifd0 + 2 + 2 * 12 + 4
        let latitude = gpsIFD + 2 + 3 * 12 + 4
        let datum = latitude + 24
        let datumText = Array((gpsMarker + "\0").utf8)
        var bytes: [UInt8] = Array("II".utf8) + u16(42) + u32(ifd0)
        bytes += u16(2) + entry(0x0112, 3, 1, u16(6)) + entry(0x8825, 4, 1, u32(gpsIFD)) + u32(0)
        bytes += u16(3) + entry(0x0001, 2, 2, Array("N\0".utf8)) + entry(0x0002, 5, 3, u32(latitude))
            + entry(0x0012, 2, datumText.count, u32(datum)) + u32(0)
        bytes += u32(37) + u32(1) + u32(33) + u32(1) + u32(1234) + u32(100)
        bytes += datumText
        return bytes
    }

    /// The `vips` command, which the HEIC fixture is made with.
    static let vipsCommand: URL? = ["/usr/bin/vips", "/usr/local/bin/vips", "/opt/homebrew/bin/vips"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// An HEIC photo (HEVC, as an iPhone writes it) of `redLeftBlueRight`.
    static func heic() throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-heic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("in.png")
        let heic = folder.appendingPathComponent("out.heic")
        try redLeftBlueRight().write(to: png)
        let process = Process()
        process.executableURL = vipsCommand
        process.arguments = ["copy", png.path, heic.path + "[compression=hevc]"]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: heic)
    }
}
