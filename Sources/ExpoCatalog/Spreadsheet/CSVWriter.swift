/// CSV text as spreadsheet programs read it best: a UTF-8 byte order mark (without it
/// Excel takes the file for the system's legacy encoding and garbles Korean), CRLF line
/// ends, and quotes only around cells that need them.
enum CSVWriter {
    static func bytes(_ rows: [[String]]) -> [UInt8] {
        let text = rows.map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    }

    static func cell(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
