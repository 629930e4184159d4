import Testing
@testable import ExpoImages

/// The wall labels' QR codes: a sane symbol at error correction level Q, drawn with its
/// quiet zone, and refused when no symbol can hold the text.
@Suite struct QRCodeTests {
    /// The module grid the path draws, quiet zone included: each `M x y hN v1 h-N z` is a run.
    static func drawn(_ path: String, side: Int) throws -> [[Bool]] {
        var grid = Array(repeating: Array(repeating: false, count: side), count: side)
        let runs = path.matches(of: /M(\d+) (\d+)h(\d+)v1h-(\d+)z/)
        #expect(runs.map { String($0.output.0) }.joined() == path, "the path is runs and nothing else")
        for run in runs {
            let (x, y, length) = (Int(run.output.1)!, Int(run.output.2)!, Int(run.output.3)!)
            #expect(run.output.3 == run.output.4)
            try #require(y < side && x + length <= side, "a run outside the view box: \(run.output.0)")
            for column in x..<(x + length) { grid[y][column] = true }
        }
        return grid
    }

    @Test func aURLBecomesASymbolWithItsFinderPatternsAndAQuietZone() throws {
        let url = "https://guide.example.org/stop/12"
        let code = try #require(QRCode(url))
        #expect(code.size == 17 + 4 * code.version)
        #expect(code.version >= 1 && code.version <= 4, "a short URL needs a small symbol: version \(code.version)")
        #expect(code.modules.count == code.size * code.size)
        #expect(code.side == code.size + 8)
        // The three finder patterns: a dark 7×7 ring, a light ring inside, a dark 3×3 centre,
        // and a light separator outside; the fourth corner has none.
        for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for y in -1...7 {
                for x in -1...7 {
                    let ring = max(abs(2 * x - 6), abs(2 * y - 6)) / 2
                    let dark = ring == 3 || ring <= 1
                    if x < 0 || y < 0 || x > 6 || y > 6 {
                        let inside = left + x >= 0 && top + y >= 0 && left + x < code.size && top + y < code.size
                        if inside { #expect(!code.isDark(x: left + x, y: top + y), "separator at \(left + x), \(top + y)") }
                    } else {
                        #expect(code.isDark(x: left + x, y: top + y) == dark, "finder at \(left + x), \(top + y)")
                    }
                }
            }
        }
        #expect(!(0..<7).allSatisfy { code.isDark(x: code.size - 1 - $0, y: code.size - 1) }, "no finder at the fourth corner")
        // The path draws exactly the dark modules, inside a light margin of four.
        let grid = try Self.drawn(code.pathData, side: code.side)
        for y in 0..<code.side {
            for x in 0..<code.side {
                let inSymbol = (4..<(4 + code.size)).contains(x) && (4..<(4 + code.size)).contains(y)
                #expect(grid[y][x] == (inSymbol && code.isDark(x: x - 4, y: y - 4)), "module \(x), \(y)")
            }
        }
        #expect(QRCode(url) == code, "the same text, the same code")
        #expect(QRCode("https://guide.example.org/stop/13") != code)
    }

    /// Byte-mode capacity of version 1: 17 bytes at L, 14 at M, 11 at Q, 7 at H. Eleven
    /// bytes fitting and twelve not is level Q and no other.
    @Test func theErrorCorrectionLevelIsQ() throws {
        #expect(try #require(QRCode("abcdefghijk")).version == 1)
        #expect(try #require(QRCode("abcdefghijkl")).version == 2)
    }

    @Test func aTextNoSymbolCanHoldIsRefused() {
        #expect(QRCode(String(repeating: "x", count: 3_000)) == nil)
        #expect(QRCode("https://a.example/\u{0}") == nil)
        #expect(QRCode(String(repeating: "x", count: 1_000)) != nil)
    }
}
