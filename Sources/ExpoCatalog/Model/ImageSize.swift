/// An image's intrinsic size in CSS pixels at scale 1, read from the file's header so
/// that pages can reserve the space (`width`/`height`) before the image arrives.
public struct ImageSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size stored in a file's header, or nil when the header cannot be read.
    public static func read(_ bytes: [UInt8], format: ImageFormat) -> ImageSize? {
        let size: ImageSize? = switch format {
        case .png: png(bytes)
        case .jpeg: jpeg(bytes)
        case .webp: webp(bytes)
        case .svg: svg(bytes)
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<at + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<at + count).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func png(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        return ImageSize(width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    private static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = bigEndian(bytes, index + 2, 2)
            // Start-of-frame markers carry the size; C4 (DHT), C8 and CC are not frames.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageSize(width: bigEndian(bytes, index + 7, 2), height: bigEndian(bytes, index + 5, 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 30, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            return ImageSize(width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(bytes, 21, 4)
            return ImageSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            return ImageSize(width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    /// The root element's `width` and `height`, else its `viewBox`.
    private static func svg(_ bytes: [UInt8]) -> ImageSize? {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let start = text.range(of: "<svg"), let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                if let range = tag.range(of: " \(name)=\(quote)"),
                   let close = tag[range.upperBound...].firstIndex(of: Character(quote)) {
                    return String(tag[range.upperBound..<close])
                }
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard let value else { return nil }
            let number = value.hasSuffix("px") ? String(value.dropLast(2)) : value
            return Double(number).map { Int($0.rounded()) }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
            return ImageSize(width: width, height: height)
        }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4 else { return nil }
        return ImageSize(width: Int(box[2].rounded()), height: Int(box[3].rounded()))
    }
}
