import Foundation

/// Lines and columns of byte offsets in a file, counted as `JSONParser` counts them (lines at
/// line feeds, columns in characters, a leading byte-order mark not counted), for a reader
/// that held only part of the file when it met them. The file is read again a few
/// megabytes at a time, so this is for the rare places reported, not for every entry.
enum JSONFilePlaces {
    /// The (line, column) of each offset, in the order given; nil when the file cannot be read.
    static func places(of offsets: [Int], inFile path: String, chunkSize: Int = 4 << 20) -> [(line: Int, column: Int)]? {
        guard !offsets.isEmpty else { return [] }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var found = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
        var next = 0
        var counter = JSONPlaceCounter()
        var position = 0
        var start: Int?
        while next < order.count {
            guard let chunk = CatalogBoundary.read(descriptor, position..<position + chunkSize) else { return nil }
            if start == nil { start = chunk.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }
            for (place, byte) in chunk.enumerated() {
                let offset = position + place
                while next < order.count, offsets[order[next]] == offset {
                    found[order[next]] = (counter.line, counter.column)
                    next += 1
                }
                if next == order.count { break }
                if offset >= start! { counter.pass(byte) }
            }
            if chunk.count < chunkSize {
                // Offsets at or past the end are placed at the end, as the parser places them.
                while next < order.count { found[order[next]] = (counter.line, counter.column); next += 1 }
            }
            position += chunk.count
        }
        return found
    }
}

/// Where a reader is in a JSON file: lines end at line feeds, and a column counts
/// characters, so continuation bytes of a multi-byte character do not move it. The parser
/// and `JSONFilePlaces` both count this way, so a place is the same however it was found.
struct JSONPlaceCounter {
    private(set) var line = 1
    private(set) var column = 1

    mutating func pass(_ byte: UInt8) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }
}
