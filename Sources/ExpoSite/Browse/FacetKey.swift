import Foundation

/// When two texts of a fact are one value: after trimming, with runs of white space as one
/// space, without regard to case or to accents (`Paper`, ` paper `, `papér`). Only the
/// Latin, Greek and Cyrillic accents fold: a Japanese voicing mark or an Arabic vowel sign
/// makes another word.
enum FacetKey {
    /// The text as a page shows it: trimmed, each run of white space one space.
    static func spelling(_ text: String) -> String {
        let bytes = text.utf8
        // Most facts are plain ASCII with single spaces: kept as they are, without a copy.
        if let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 {
            var previous: UInt8 = 0
            var plain = true
            for byte in bytes {
                if byte >= 0x80 || byte < 0x20 || (byte == 0x20 && previous == 0x20) { plain = false; break }
                previous = byte
            }
            if plain { return text }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What two spellings of one value share: the same folding as search's, so a value
    /// found by a query is the value browsed.
    static func key(_ spelling: String) -> String { SearchText.fold(spelling) }
}
