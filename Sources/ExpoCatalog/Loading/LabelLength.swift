import Foundation

/// How long a text is for a visitor reading it on their feet, measured against the
/// Smithsonian's guidance for exhibition labels: about 75–100 words a label and sentences
/// of 25 words or fewer. The thresholds flag text far past that, not text near it: a guide
/// entry is read on a phone, in paragraphs, and may be longer than a wall label.
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
        var spaced = 0
        var unspaced = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if isUnspacedScript(scalar) {
                unspaced += 1
                inWord = false
            } else if scalar.properties.isWhitespace {
                inWord = false
            } else if !inWord, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                spaced += 1
                inWord = true
            }
        }
        return spaced + (unspaced + 1) / 2
    }

    /// The sentences of a text: ended by . ! ? followed by a space or the end, or by 。！？.
    static func sentences(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let ends = "。！？".contains(character)
                || (".!?".contains(character) && (next == text.endIndex || text[next].isWhitespace))
            if ends {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result.filter { words($0) > 0 }
    }

    static func paragraphs(_ text: String) -> [Substring] {
        text.split(separator: "\n\n").filter { words($0) > 0 }
    }

    private static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    /// What is too long in an exhibit's texts, as messages for each text's key.
    static func problems(shortText: String, description: String) -> [(key: String, message: String)] {
        var problems: [(String, String)] = []
        let short = words(shortText)
        if short > self.shortText {
            problems.append(("short_desc", "\(short) words; the line under a name reads best at \(self.shortText) or fewer"))
        }
        let total = words(description)
        if total > entry {
            problems.append(("desc", "\(total) words; far past a label's 75–100, past \(entry) visitors rarely read to the end"))
        }
        for (number, paragraph) in paragraphs(description).enumerated() where words(paragraph) > self.paragraph {
            problems.append(("desc", "paragraph \(number + 1) has \(words(paragraph)) words; over \(self.paragraph), split it"))
        }
        for sentence in sentences(description) where words(sentence) > self.sentence {
            let opening = sentence.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").prefix(6).joined(separator: " ")
            problems.append(("desc", "a sentence of \(words(sentence)) words (\"\(opening) …\"); over \(self.sentence), split it"))
        }
        return problems
    }
}
