/// CSV text split into rows of cells, as RFC 4180 describes and spreadsheet programs write
/// it: the separator guessed from the first line (comma, tab or semicolon), rows ended by
/// CRLF, LF or CR, a quoted cell taken exactly as written (line breaks, spaces and control
/// characters included) and an unquoted one without the spaces around it. It works on UTF-8
/// bytes, not characters: as characters, a cell starting with a combining mark would join
/// the comma before it, and the row would lose a cell.
///
/// A 100,000-exhibit spreadsheet is 400 MB, so the bytes are read once, where they lie: each
/// cell is checked as UTF-8 while its text is made, and the line of a malformed cell is
/// counted only when there is one to report.
enum CSVParser {
    struct Failure: Error, Equatable {
        /// The line of the file, counting line breaks inside quoted cells.
        var line: Int
        var message: String
    }

    private static let quote = UInt8(ascii: "\"")
    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A
    private static let space: UInt8 = 0x20
    private static let tab: UInt8 = 0x09
    private static let separators: [UInt8] = [UInt8(ascii: ","), tab, UInt8(ascii: ";")]

    /// What an unquoted cell loses at either end, and what makes `CSVWriter` quote a cell.
    static func isPadding(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: the Unicode property table is a lookup for every cell of a large file.
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// The rows of a text.
    static func rows(_ text: String) -> Result<[[String]], Failure> {
        var text = text
        // A String's bytes are UTF-8 already, so the check cannot fail.
        return text.withUTF8 { rows(utf8: $0) } ?? .success([])
    }

    /// The rows of UTF-8 bytes; nil when they are not UTF-8, wherever in the file that is.
    static func rows(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<[[String]], Failure>? {
        let separator = separator(bytes)
        let count = bytes.count
        var rows: [[String]] = []
        var row: [String] = []
        var index = 0
        func isEnd(_ at: Int) -> Bool { at == count || bytes[at] == separator || bytes[at] == cr || bytes[at] == lf }
        func isSpace(_ at: Int) -> Bool { at < count && (bytes[at] == space || (bytes[at] == tab && separator != tab)) }
        while index < count {
            // Spaces before a quote are a hand-written file's: `a, "b, c"` is two cells.
            var start = index
            while isSpace(start) { start += 1 }
            if start < count, bytes[start] == quote {
                index = start + 1
                let contentStart = index
                var doubled = false
                var closed = false
                while true {
                    index = firstQuote(bytes, from: index)
                    if index == count { break }
                    if index + 1 < count, bytes[index + 1] == quote {
                        doubled = true
                        index += 2
                        continue
                    }
                    closed = true
                    break
                }
                guard closed else {
                    return failure(bytes, at: start, "the quoted cell that starts on this line has no closing \"")
                }
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                guard let cell = doubled ? text(undoubling: content) : text(content) else { return nil }
                index += 1
                while isSpace(index) { index += 1 }
                guard isEnd(index) else {
                    return failure(bytes, at: index, "a quoted cell goes on after its closing \"; inside a quoted cell, write a quote as \"\"")
                }
                row.append(cell)
            } else {
                start = index
                while !isEnd(index) { index += 1 }
                let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let cell = text(content) else { return nil }
                // Most cells start and end with a letter or a digit: two bytes say so.
                let plain = content.first.map(isPlainASCII) == true && content.last.map(isPlainASCII) == true
                row.append(plain ? cell : trimmed(cell))
            }
            if index == count { break }
            if bytes[index] == separator {
                index += 1
                if index == count { row.append("") }
                continue
            }
            if bytes[index] == cr, index + 1 < count, bytes[index + 1] == lf { index += 1 }
            index += 1
            rows.append(row)
            row = []
            row.reserveCapacity(rows[0].count)
        }
        if !row.isEmpty { rows.append(row) }
        return .success(rows)
    }

    /// The first comma, tab or semicolon outside quotes on the first line that holds anything;
    /// a comma when there is none.
    static func separator(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var index = bytes.firstIndex { $0 != cr && $0 != lf && $0 != space } ?? bytes.count
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                quoted.toggle()
            } else if !quoted {
                if byte == cr || byte == lf { break }
                if separators.contains(byte) { return byte }
            }
            index += 1
        }
        return separators[0]
    }

    /// The index of the first quote at or after `start`; `bytes.count` when there is none.
    /// Long texts are most of a catalog's bytes, so they are looked through eight bytes at a time.
    private static func firstQuote(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quotes = ones &* UInt64(quote)
            while index + 8 <= bytes.count {
                // A byte of `word` is zero where the text has a quote; the lowest flagged byte is
                // always a real one (a borrow only flags bytes above it).
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ quotes
                let found = (word &- ones) & ~word & (ones &* 0x80)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count, bytes[index] != quote { index += 1 }
        return index
    }

    /// The failure at a byte offset, its line counted now; nil when the file is not UTF-8
    /// anyway, which is what a reader of such a file needs to hear first.
    private static func failure(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ message: String) -> Result<[[String]], Failure>? {
        guard (try? UTF8Span(validating: bytes.span)) != nil else { return nil }
        var line = 1
        for index in 0..<offset {
            // CRLF is one line break, and so is a CR alone.
            if bytes[index] == lf || (bytes[index] == cr && (index + 1 == bytes.count || bytes[index + 1] != lf)) { line += 1 }
        }
        return .failure(Failure(line: line, message: message))
    }

    /// The cell's text, nil when its bytes are not UTF-8. `UTF8Span` checks them without the
    /// generic `String(validating:)`, which looked its types up again for every cell.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let valid = try? UTF8Span(validating: bytes.span) else { return nil }
        return String(copying: valid)
    }

    /// A quoted cell's text with each `""` as one quote.
    private static func text(undoubling bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var cell: [UInt8] = []
        cell.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            cell.append(bytes[index])
            index += bytes[index] == quote ? 2 : 1
        }
        return cell.withUnsafeBufferPointer { text($0) }
    }

    /// An ASCII byte that is no padding.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && !isPadding(Unicode.Scalar(byte))
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isPadding($0) }),
              let last = scalars.lastIndex(where: { !isPadding($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
