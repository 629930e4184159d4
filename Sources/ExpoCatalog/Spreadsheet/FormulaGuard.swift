/// Keeps a spreadsheet program from running a text cell as a formula (OWASP's "CSV
/// injection"): a text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
/// written with a leading apostrophe, which spreadsheets show as text. Reading takes that
/// apostrophe off again. A text that already starts with apostrophes followed by one of those
/// characters (`'=`, `''-`) gets one more, so that reading can tell the two apart: every
/// text reads back exactly as it was written.
enum FormulaGuard {
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A text value as its cell is written.
    static func guarded(_ text: String) -> String {
        needsGuard(text.utf8[...]) ? "'" + text : text
    }

    /// A cell as the text it stands for: one leading apostrophe less when `guarded` put it there.
    static func unguarded(_ cell: String) -> String {
        let bytes = cell.utf8
        guard bytes.first == UInt8(ascii: "'"), needsGuard(bytes.dropFirst()) else { return cell }
        // The apostrophe is one byte, so what follows it starts on a character boundary.
        return String(decoding: bytes.dropFirst(), as: UTF8.self)
    }

    /// Whether the text, past any apostrophes, starts with a character that starts a formula.
    private static func needsGuard(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        // Every trigger is ASCII, so a first byte is enough.
        return first < 0x80 && triggers.contains(Unicode.Scalar(first))
    }
}
