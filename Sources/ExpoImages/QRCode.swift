import CQREncode

/// A QR code for a wall label, made by libqrencode: its dark and light modules, and the
/// outline of its dark ones as SVG path data, drawn square by square at any print size.
public struct QRCode: Sendable, Equatable {
    /// Modules per side, without the quiet zone (21 for version 1, 4 more per version).
    public let size: Int
    /// The symbol's version, 1 to 40.
    public let version: Int
    /// Row by row, `size * size` of them: true where a module is dark.
    public let modules: [Bool]

    /// Light modules around the symbol, as the standard asks: a reader finds the code by it.
    public static let quietZone = 4

    /// Modules per side, the quiet zone included: the SVG's view box.
    public var side: Int { size + 2 * Self.quietZone }

    /// The code of `text` (its UTF-8 bytes), at the smallest version that holds it; nil when
    /// no QR code can hold it (about 1,600 bytes at this level) or it holds a NUL byte.
    public init?(_ text: String) {
        guard !text.utf8.contains(0) else { return nil }
        // Level Q restores up to a quarter of the modules: a printed label on a gallery wall
        // gets scuffed, stained, glared on and partly covered by a thumb, and the code still
        // reads. Level H (30 %) would make the code larger, each module smaller, for little more.
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_Q, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        version = Int(code.pointee.version)
        // Bit 0 of each byte is the module's colour; the others say what the module is for.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    /// The dark modules as one SVG path, in modules, offset by the quiet zone: each run of
    /// dark modules in a row is one rectangle (`M4 4h7v1h-7z`), which keeps a code of a
    /// thousand modules to a few kilobytes.
    public var pathData: String {
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                let run = x - start
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(run)v1h-\(run)z"
            }
        }
        return path
    }
}
