/// CSV text as spreadsheet programs read it best: a UTF-8 byte order mark (without it
/// Excel takes the file for the system's legacy encoding and garbles Korean), CRLF line
/// ends, and quotes only around cells that need them. `CSVParser` reads every cell back
/// exactly: a quoted cell keeps its line breaks and the spaces at its ends.
enum CSVWriter {
    static func bytes(_ rows: [[String]]) -> [UInt8] {
        let text = rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    }

    static func cell(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let needsQuotes = scalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || scalars.first.map(CSVParser.isPadding) == true || scalars.last.map(CSVParser.isPadding) == true
        guard needsQuotes else { return text }
        // Quotes doubled byte by byte: matched as characters, a quote followed by a combining
        // mark is another character and would be left single.
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
