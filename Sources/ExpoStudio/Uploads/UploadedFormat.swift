import NIOCore

/// The kind of picture a file sent to the studio is, read from its bytes, never from the
/// name it came with: the extension the catalog's file gets. The image work reads the
/// bytes again by the same magic numbers, so a file that claims one kind and is another
/// (an HTML page named `.png`) is refused here and never reaches a decoder.
enum UploadedFormat {
    static func imageExtension(_ bytes: ByteBuffer, sentName: String) -> String? {
        let head = bytes.getBytes(at: bytes.readerIndex, length: min(bytes.readableBytes, 512)) ?? []
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && head[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("II*\0".utf8)) || starts(Array("MM\0*".utf8)) { return "tif" }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return "avif" }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"].contains(brand) { return "heic" }
        }
        // SVG is text: taken when its name says so and it starts as XML or an <svg>; the
        // loader's SVG check then reads it whole.
        if sentName.lowercased().hasSuffix(".svg") {
            let text = String(decoding: head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }, as: UTF8.self)
            if text.hasPrefix("<?xml") || text.hasPrefix("<svg") || text.hasPrefix("<!--") { return "svg" }
        }
        return nil
    }
}
