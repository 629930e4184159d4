import Foundation

/// How long a text is for a visitor reading it on their feet, measured against the
/// Smithsonian's guidance for exhibition labels: about 75–100 words a label and sentences
/// of 25 words or fewer. The thresholds flag text far past that, not text near it: a guide
/// entry is read on a phone, in paragraphs, and may be longer than a wall label.
///
/// `validate` measures every text of a catalog, so the measuring reads UTF-8 once per text,
/// counting words, paragraphs and sentences in the same pass (counting by `Character` was
/// four fifths of validating a large catalog).
public enum LabelLength {
    /// The line under an exhibit's name in the list: a label's first line, read at a glance.
    static let shortText = 25
    /// One paragraph is what a visitor takes in at once: half again the guidance's 100.
    static let paragraph = 150
    /// A whole entry: five labels' worth, two to three minutes of reading standing up.
    static let entry = 500
    /// A sentence: the guidance's 25 words, with a margin for the long names of objects.
    static let sentence = 40

    /// Words as a reader counts them. Chinese and Japanese do not space their words: there,
    /// every two characters count as one (their words average one and a half to two).
    public static func words(_ text: some StringProtocol) -> Int {
        WordCount.withUTF8(text) { bytes in
            var count = WordCount()
            WordCount.forEachScalar(in: bytes) { value, _, _ in count.add(WordCount.Kind(value)) }
            return count.words
        }
    }

    /// What is too long in an exhibit's texts, as messages for each text's key.
    static func problems(shortText: String, description: String) -> [(key: String, message: String)] {
        var problems: [(String, String)] = []
        let short = words(shortText)
        if short > self.shortText {
            problems.append(("short_desc", "\(short) words; the line under a name reads best at \(self.shortText) or fewer"))
        }
        let measure = Measure(description)
        if measure.words > entry {
            problems.append(("desc", "\(measure.words) words; far past a label's 75–100, past \(entry) visitors rarely read to the end"))
        }
        for (number, words) in measure.longParagraphs {
            problems.append(("desc", "paragraph \(number) has \(words) words; over \(self.paragraph), split it"))
        }
        for (sentence, words) in measure.longSentences {
            let opening = sentence.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").prefix(6).joined(separator: " ")
            problems.append(("desc", "a sentence of \(words) words (\"\(opening) …\"); over \(self.sentence), split it"))
        }
        return problems
    }

    /// A description's words, with its paragraphs and sentences past the thresholds.
    /// Paragraphs are separated by a blank line ("\n\n"; "\r\n\r\n" is one paragraph, as a
    /// text split by characters has it); they are numbered among those with a word.
    /// Sentences end with . ! ? followed by a space or the end, or with 。！？; a mark
    /// combined with the next scalar into one character (".\u{301}") ends none.
    struct Measure {
        private(set) var words = 0
        /// Number (from 1) and words of each paragraph over `LabelLength.paragraph`.
        private(set) var longParagraphs: [(number: Int, words: Int)] = []
        /// Text and words of each sentence over `LabelLength.sentence`.
        private(set) var longSentences: [(text: Substring, words: Int)] = []

        init(_ text: String) {
            guard let measured = text.utf8.withContiguousStorageIfAvailable({ Self(text, bytes: $0) }) else {
                var copy = text
                copy.makeContiguousUTF8()
                self = Self(copy)
                return
            }
            self = measured
        }

        private init(_ text: String, bytes: UnsafeBufferPointer<UInt8>) {
            var total = WordCount(), paragraph = WordCount(), sentence = WordCount()
            var paragraphNumber = 0
            var sentenceStart = 0
            var previous: UInt32 = 0
            // A line feed that may begin a blank line: not part of "\r\n", not ending one.
            var lineFeedOpen = false
            var sentences: [(start: Int, end: Int, words: Int)] = []

            func endParagraph() {
                let words = paragraph.words
                if words > 0 { paragraphNumber += 1 }
                if words > LabelLength.paragraph { longParagraphs.append((paragraphNumber, words)) }
                paragraph = WordCount()
            }
            func endSentence(at end: Int) {
                let words = sentence.words
                if words > LabelLength.sentence { sentences.append((sentenceStart, end, words)) }
                sentence = WordCount()
                sentenceStart = end
            }

            WordCount.forEachScalar(in: bytes) { value, offset, length in
                let kind = WordCount.Kind(value)
                total.add(kind)
                paragraph.add(kind)
                sentence.add(kind)
                let end = offset + length
                switch value {
                case 0x0A:
                    if lineFeedOpen {
                        endParagraph()
                        lineFeedOpen = false
                    } else {
                        lineFeedOpen = previous != 0x0D
                    }
                case 0x2E, 0x21, 0x3F: // . ! ?
                    lineFeedOpen = false
                    if end == bytes.count || Self.isSpace(at: end, bytes), Self.standsAlone(text, bytes, offset, end, previous) {
                        endSentence(at: end)
                    }
                case 0x3002, 0xFF01, 0xFF1F: // 。！？
                    lineFeedOpen = false
                    if Self.standsAlone(text, bytes, offset, end, previous) { endSentence(at: end) }
                default:
                    lineFeedOpen = false
                }
                previous = value
            }
            endParagraph()
            if sentenceStart < bytes.count { endSentence(at: bytes.count) }
            words = total.words
            let utf8 = text.utf8
            longSentences = sentences.map { sentence in
                let range = utf8.index(utf8.startIndex, offsetBy: sentence.start)..<utf8.index(utf8.startIndex, offsetBy: sentence.end)
                return (Substring(utf8[range]), sentence.words)
            }
        }

        private static func isSpace(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            WordCount.Kind(WordCount.scalar(at: offset, in: bytes).value) == .space
        }

        /// Whether the mark at `offset..<end` is a character of its own, as reading the text
        /// by `Character` sees it. Only a scalar from U+0300 on may join the one before it
        /// (a combining mark), and only one from U+0600 on the one after it (a prepended
        /// concatenation mark); elsewhere the standard library decides.
        private static func standsAlone(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ end: Int, _ previous: UInt32) -> Bool {
            func isBoundary(_ offset: Int) -> Bool {
                String.Index(text.utf8.index(text.utf8.startIndex, offsetBy: offset), within: text) != nil
            }
            if offset > 0, previous >= 0x600, !(0xAC00...0xD7A3).contains(previous), !isBoundary(offset) { return false }
            if end < bytes.count, bytes[end] >= 0xCC, !isBoundary(end) { return false }
            return true
        }
    }
}
