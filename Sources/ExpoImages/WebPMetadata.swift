/// libvips 8.14 writes an EXIF chunk into every WebP, `strip` or not (a small one of its
/// own, but EXIF all the same). This takes the EXIF and XMP chunks out of the RIFF
/// container and clears their flags, so no served image carries metadata.
enum WebPMetadata {
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return bytes }
        var chunks: [ArraySlice<UInt8>] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return bytes }
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            if fourCC != "EXIF" && fourCC != "XMP " { chunks.append(bytes[offset..<end]) }
            offset = end
        }
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in chunks {
            var chunk = Array(chunk)
            // VP8X's first payload byte flags the optional chunks: EXIF 0x08, XMP 0x04.
            if chunk[0..<4].elementsEqual("VP8X".utf8), chunk.count > 8 { chunk[8] &= ~UInt8(0x0C) }
            body += chunk
        }
        let size = body.count
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)] + body
    }
}
